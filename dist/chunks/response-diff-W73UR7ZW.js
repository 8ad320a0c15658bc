import{c as o,d as r}from"./chunk-I3BAK5XV.js";import"./chunk-A2KKTU4X.js";import"./chunk-UO266KLN.js";import"./chunk-2R2ZO3PB.js";export{o as DEFAULT_DIFF_SETTINGS,r as diffResponses};
