import{a as o}from"./chunk-EVJFGTEP.js";import"./chunk-H5PB6C5C.js";import"./chunk-DZYB5NMV.js";import"./chunk-FYK3VCSE.js";import"./chunk-3WPFOLOB.js";export{o as AuthEditor};
