import{a as o,b as r}from"./chunk-66CKOD7O.js";import"./chunk-Y7SVIXOF.js";import"./chunk-PBHUKKAY.js";import"./chunk-DMBQIH4M.js";export{o as SECRET_PLACEHOLDERS,r as describeOutgoing};
