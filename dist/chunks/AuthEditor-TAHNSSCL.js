import{a as o}from"./chunk-VHAPP3CE.js";import"./chunk-7UMJ4KOK.js";import"./chunk-MDLTGSIH.js";import"./chunk-EUFQFFOE.js";import"./chunk-L5OHCWMQ.js";export{o as AuthEditor};
