import{c as o,d as r}from"./chunk-I3BAK5XV.js";import"./chunk-7JDWAINY.js";import"./chunk-AJIRXNA7.js";import"./chunk-3NL7ULH7.js";export{o as DEFAULT_DIFF_SETTINGS,r as diffResponses};
