//# allFunctionsCalledOnLoad
import{fa as o}from"./chunk-Y7SVIXOF.js";import"./chunk-PBHUKKAY.js";import"./chunk-DMBQIH4M.js";export{o as default};
