import{a as o,b as r}from"./chunk-PHXXFZLN.js";import"./chunk-VSTEWVAD.js";import"./chunk-AJIRXNA7.js";import"./chunk-CDXGEJ72.js";export{o as SECRET_PLACEHOLDERS,r as describeOutgoing};
