//# allFunctionsCalledOnLoad
import{fa as o}from"./chunk-3E3SESMM.js";import"./chunk-UEC4FDC7.js";import"./chunk-ZLYZ5X4D.js";export{o as default};
