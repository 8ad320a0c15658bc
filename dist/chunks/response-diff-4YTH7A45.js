import{c as o,d as r}from"./chunk-I3BAK5XV.js";import"./chunk-MDLTGSIH.js";import"./chunk-EUFQFFOE.js";import"./chunk-L5OHCWMQ.js";export{o as DEFAULT_DIFF_SETTINGS,r as diffResponses};
