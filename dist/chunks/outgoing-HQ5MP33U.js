import{b as o,c as r}from"./chunk-QINQS42H.js";import"./chunk-A2KKTU4X.js";import"./chunk-UO266KLN.js";import"./chunk-2R2ZO3PB.js";export{o as SECRET_PLACEHOLDERS,r as describeOutgoing};
