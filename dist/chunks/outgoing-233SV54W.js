import{a as o,b as r}from"./chunk-OJA6GGCS.js";import"./chunk-GIFUCPOH.js";import"./chunk-NKNW7R7O.js";import"./chunk-3GRF354B.js";export{o as SECRET_PLACEHOLDERS,r as describeOutgoing};
