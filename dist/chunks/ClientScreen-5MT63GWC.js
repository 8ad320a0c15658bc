//# allFunctionsCalledOnLoad
import{hc as o}from"./chunk-TJLKAOYW.js";import"./chunk-AJIRXNA7.js";import"./chunk-JAWMPZG3.js";import"./chunk-B6CR2HVH.js";export{o as default};
