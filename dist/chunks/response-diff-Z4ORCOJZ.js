import{c as o,d as r}from"./chunk-I3BAK5XV.js";import"./chunk-3E3SESMM.js";import"./chunk-UEC4FDC7.js";import"./chunk-ZLYZ5X4D.js";export{o as DEFAULT_DIFF_SETTINGS,r as diffResponses};
