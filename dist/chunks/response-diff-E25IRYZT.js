import{c as o,d as r}from"./chunk-I3BAK5XV.js";import"./chunk-AJWPL2CK.js";import"./chunk-PWF4SL6W.js";import"./chunk-6PW5N6NV.js";export{o as DEFAULT_DIFF_SETTINGS,r as diffResponses};
