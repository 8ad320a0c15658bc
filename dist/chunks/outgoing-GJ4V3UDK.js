import{b as o,c as r}from"./chunk-EFQQ7YSK.js";import"./chunk-WUMA73PF.js";import"./chunk-AFNKJSB3.js";import"./chunk-NCB6DYKK.js";export{o as SECRET_PLACEHOLDERS,r as describeOutgoing};
