import{a as o}from"./chunk-YHXVW46B.js";import"./chunk-KRY6QMZK.js";import"./chunk-A2KKTU4X.js";import"./chunk-UO266KLN.js";import"./chunk-2R2ZO3PB.js";export{o as AuthEditor};
