//# allFunctionsCalledOnLoad
import{hc as o}from"./chunk-6EKXNDAT.js";import"./chunk-AJIRXNA7.js";import"./chunk-F6SQVXCU.js";import"./chunk-JIEPFXSQ.js";export{o as default};
