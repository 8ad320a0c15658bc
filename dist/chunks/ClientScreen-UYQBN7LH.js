//# allFunctionsCalledOnLoad
import{hc as o}from"./chunk-V5U52FVD.js";import"./chunk-AJIRXNA7.js";import"./chunk-2WKQ2OUX.js";import"./chunk-WJSA6KCB.js";export{o as default};
