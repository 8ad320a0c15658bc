//# allFunctionsCalledOnLoad
import{hc as o}from"./chunk-NE4UUTBB.js";import"./chunk-AJIRXNA7.js";import"./chunk-EKJFTJFB.js";import"./chunk-XARB42YZ.js";export{o as default};
