//# allFunctionsCalledOnLoad
import{hc as o}from"./chunk-3FGJGCHM.js";import"./chunk-AJIRXNA7.js";import"./chunk-DBGBJVUG.js";import"./chunk-IW3JBEX6.js";export{o as default};
