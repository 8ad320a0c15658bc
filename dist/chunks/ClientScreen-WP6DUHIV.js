//# allFunctionsCalledOnLoad
import{hc as o}from"./chunk-OOW4YUF6.js";import"./chunk-AJIRXNA7.js";import"./chunk-EGDSV5HI.js";import"./chunk-RSM3GH3E.js";export{o as default};
