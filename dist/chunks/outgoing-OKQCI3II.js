import{a as o,b as r}from"./chunk-SPNS4GVW.js";import"./chunk-AJWPL2CK.js";import"./chunk-PWF4SL6W.js";import"./chunk-6PW5N6NV.js";export{o as SECRET_PLACEHOLDERS,r as describeOutgoing};
