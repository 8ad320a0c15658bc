import{a as o,b as r}from"./chunk-PAG54225.js";import"./chunk-MHX4W43V.js";import"./chunk-MSV5TORC.js";import"./chunk-TZFXDPGO.js";export{o as SECRET_PLACEHOLDERS,r as describeOutgoing};
