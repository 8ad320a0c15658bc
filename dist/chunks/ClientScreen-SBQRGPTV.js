//# allFunctionsCalledOnLoad
import{Ua as o}from"./chunk-7PC26KPI.js";import"./chunk-AJIRXNA7.js";import"./chunk-SHGHIIT6.js";import"./chunk-KSLGNZBP.js";export{o as default};
