import{a as o,b as r}from"./chunk-MXAECY3J.js";import"./chunk-3E3SESMM.js";import"./chunk-UEC4FDC7.js";import"./chunk-ZLYZ5X4D.js";export{o as SECRET_PLACEHOLDERS,r as describeOutgoing};
