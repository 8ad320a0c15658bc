import{a as o}from"./chunk-RHWH7MDW.js";import"./chunk-HEORGD5W.js";import"./chunk-3E3SESMM.js";import"./chunk-UEC4FDC7.js";import"./chunk-ZLYZ5X4D.js";export{o as AuthEditor};
