import{a as o}from"./chunk-6CEIIBJH.js";import"./chunk-7NTMDO37.js";import"./chunk-WUMA73PF.js";import"./chunk-AFNKJSB3.js";import"./chunk-NCB6DYKK.js";export{o as AuthEditor};
