//# allFunctionsCalledOnLoad
import{hc as o}from"./chunk-UE3RJML6.js";import"./chunk-AJIRXNA7.js";import"./chunk-I3YZ7LP5.js";import"./chunk-PN5H7SJR.js";export{o as default};
