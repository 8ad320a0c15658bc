//# allFunctionsCalledOnLoad
import{hc as o}from"./chunk-AJJA2WTC.js";import"./chunk-AJIRXNA7.js";import"./chunk-XXRPHNE4.js";import"./chunk-K5CDWESV.js";export{o as default};
