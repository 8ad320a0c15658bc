import{a as o,b as r}from"./chunk-EUMHB4FI.js";import"./chunk-5YN6S6HA.js";import"./chunk-DKYY3SVM.js";import"./chunk-UWPWFZYC.js";export{o as SECRET_PLACEHOLDERS,r as describeOutgoing};
