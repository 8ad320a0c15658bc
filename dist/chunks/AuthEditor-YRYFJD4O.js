import{a as o}from"./chunk-S3GZVNLS.js";import"./chunk-UXHHI4ER.js";import"./chunk-AJWPL2CK.js";import"./chunk-PWF4SL6W.js";import"./chunk-6PW5N6NV.js";export{o as AuthEditor};
