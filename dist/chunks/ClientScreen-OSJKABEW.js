//# allFunctionsCalledOnLoad
import{ga as o}from"./chunk-A2KKTU4X.js";import"./chunk-UO266KLN.js";import"./chunk-2R2ZO3PB.js";export{o as default};
