import{a as o}from"./chunk-O46YCPR4.js";import"./chunk-NKARP4W2.js";import"./chunk-MHX4W43V.js";import"./chunk-MSV5TORC.js";import"./chunk-TZFXDPGO.js";export{o as AuthEditor};
