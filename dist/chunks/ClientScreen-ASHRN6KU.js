//# allFunctionsCalledOnLoad
import{ga as o}from"./chunk-DZYB5NMV.js";import"./chunk-FYK3VCSE.js";import"./chunk-3WPFOLOB.js";export{o as default};
