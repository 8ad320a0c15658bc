//# allFunctionsCalledOnLoad
import{Aa as o}from"./chunk-PY37M2LP.js";import"./chunk-AJIRXNA7.js";import"./chunk-AJ3R2ZQT.js";import"./chunk-EPQA2CHQ.js";export{o as default};
