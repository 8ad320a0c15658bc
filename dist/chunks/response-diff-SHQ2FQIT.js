import{c as o,d as r}from"./chunk-I3BAK5XV.js";import"./chunk-Y7SVIXOF.js";import"./chunk-PBHUKKAY.js";import"./chunk-DMBQIH4M.js";export{o as DEFAULT_DIFF_SETTINGS,r as diffResponses};
