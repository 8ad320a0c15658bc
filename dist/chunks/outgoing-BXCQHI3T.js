import{a as o,b as r}from"./chunk-CEYYV47T.js";import"./chunk-I5ISQOVS.js";import"./chunk-NKNW7R7O.js";import"./chunk-E6KTOQUT.js";export{o as SECRET_PLACEHOLDERS,r as describeOutgoing};
