//# allFunctionsCalledOnLoad
import{hc as o}from"./chunk-DQGCVPFY.js";import"./chunk-AJIRXNA7.js";import"./chunk-QYDFPLCG.js";import"./chunk-2LSG4DJC.js";export{o as default};
