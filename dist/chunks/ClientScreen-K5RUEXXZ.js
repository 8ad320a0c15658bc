//# allFunctionsCalledOnLoad
import{ea as o}from"./chunk-MDLTGSIH.js";import"./chunk-EUFQFFOE.js";import"./chunk-L5OHCWMQ.js";export{o as default};
