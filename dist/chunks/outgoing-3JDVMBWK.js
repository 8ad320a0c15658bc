import{b as o,c as r}from"./chunk-WKIRKX2M.js";import"./chunk-MDLTGSIH.js";import"./chunk-EUFQFFOE.js";import"./chunk-L5OHCWMQ.js";export{o as SECRET_PLACEHOLDERS,r as describeOutgoing};
