import{b as o,c as r}from"./chunk-PAZUJIXH.js";import"./chunk-DZYB5NMV.js";import"./chunk-FYK3VCSE.js";import"./chunk-3WPFOLOB.js";export{o as SECRET_PLACEHOLDERS,r as describeOutgoing};
