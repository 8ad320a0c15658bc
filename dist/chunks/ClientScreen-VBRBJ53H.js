//# allFunctionsCalledOnLoad
import{hc as o}from"./chunk-IDJYVF6H.js";import"./chunk-AJIRXNA7.js";import"./chunk-C6MEKGMI.js";import"./chunk-BZSHXR42.js";export{o as default};
