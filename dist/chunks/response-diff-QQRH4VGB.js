import{c as o,d as r}from"./chunk-I3BAK5XV.js";import"./chunk-MHX4W43V.js";import"./chunk-MSV5TORC.js";import"./chunk-TZFXDPGO.js";export{o as DEFAULT_DIFF_SETTINGS,r as diffResponses};
