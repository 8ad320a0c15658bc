//# allFunctionsCalledOnLoad
import{hc as o}from"./chunk-5R5KCWD7.js";import"./chunk-AJIRXNA7.js";import"./chunk-FSNJUHJP.js";import"./chunk-WXAFZZSC.js";export{o as default};
