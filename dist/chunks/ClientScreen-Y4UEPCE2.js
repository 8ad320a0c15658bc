//# allFunctionsCalledOnLoad
import{hc as o}from"./chunk-H72HLTZR.js";import"./chunk-AJIRXNA7.js";import"./chunk-63KTRHAR.js";import"./chunk-RQTEZACB.js";export{o as default};
