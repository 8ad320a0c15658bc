//# allFunctionsCalledOnLoad
import{hc as o}from"./chunk-SVBPYUV3.js";import"./chunk-AJIRXNA7.js";import"./chunk-SFVVR65H.js";import"./chunk-6SP3A3KH.js";export{o as default};
