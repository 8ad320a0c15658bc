//# allFunctionsCalledOnLoad
import{_b as o}from"./chunk-NNEK7ITO.js";import"./chunk-AJIRXNA7.js";import"./chunk-LARLJ7OY.js";import"./chunk-LO2VPSQH.js";export{o as default};
