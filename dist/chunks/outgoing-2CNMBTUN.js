import{a as o,b as r}from"./chunk-VNJJAWIT.js";import"./chunk-OA3JUGX6.js";import"./chunk-NKNW7R7O.js";import"./chunk-CNGKDWQC.js";export{o as SECRET_PLACEHOLDERS,r as describeOutgoing};
