//# allFunctionsCalledOnLoad
import{hc as o}from"./chunk-EAD3MDIU.js";import"./chunk-AJIRXNA7.js";import"./chunk-TXY27XAW.js";import"./chunk-J576WN5I.js";export{o as default};
