//# allFunctionsCalledOnLoad
import{_ as o}from"./chunk-GIFUCPOH.js";import"./chunk-NKNW7R7O.js";import"./chunk-3GRF354B.js";export{o as default};
