import{c as o,d as r}from"./chunk-I3BAK5XV.js";import"./chunk-WUMA73PF.js";import"./chunk-AFNKJSB3.js";import"./chunk-NCB6DYKK.js";export{o as DEFAULT_DIFF_SETTINGS,r as diffResponses};
