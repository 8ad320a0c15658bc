import{c as o,d as r}from"./chunk-I3BAK5XV.js";import"./chunk-DZYB5NMV.js";import"./chunk-FYK3VCSE.js";import"./chunk-3WPFOLOB.js";export{o as DEFAULT_DIFF_SETTINGS,r as diffResponses};
