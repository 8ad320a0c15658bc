import{c as o,d as r}from"./chunk-I3BAK5XV.js";import"./chunk-5YN6S6HA.js";import"./chunk-DKYY3SVM.js";import"./chunk-UWPWFZYC.js";export{o as DEFAULT_DIFF_SETTINGS,r as diffResponses};
