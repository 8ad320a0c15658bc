//# allFunctionsCalledOnLoad
import{ga as o}from"./chunk-WUMA73PF.js";import"./chunk-AFNKJSB3.js";import"./chunk-NCB6DYKK.js";export{o as default};
