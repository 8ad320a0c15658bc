//# allFunctionsCalledOnLoad
import{hc as o}from"./chunk-55JOUKRE.js";import"./chunk-AJIRXNA7.js";import"./chunk-GO6NO5JI.js";import"./chunk-R4DLFXWZ.js";export{o as default};
