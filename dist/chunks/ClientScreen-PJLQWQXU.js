//# allFunctionsCalledOnLoad
import{hc as o}from"./chunk-LID7KX4F.js";import"./chunk-AJIRXNA7.js";import"./chunk-4DR2BX2N.js";import"./chunk-RPQZTNVE.js";export{o as default};
