import{a as o,b as r}from"./chunk-OCUQTEFC.js";import"./chunk-35XKAQWG.js";import"./chunk-NKNW7R7O.js";import"./chunk-RRJX4WPW.js";export{o as SECRET_PLACEHOLDERS,r as describeOutgoing};
