//# allFunctionsCalledOnLoad
import{Ua as o}from"./chunk-VWU7JENA.js";import"./chunk-AJIRXNA7.js";import"./chunk-E4EL6JZM.js";import"./chunk-DTMSGICN.js";export{o as default};
