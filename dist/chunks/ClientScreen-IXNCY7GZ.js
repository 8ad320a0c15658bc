//# allFunctionsCalledOnLoad
import{Ha as o}from"./chunk-G2DQ6WUH.js";import"./chunk-AJIRXNA7.js";import"./chunk-UV457PZZ.js";import"./chunk-FPYYLRNP.js";export{o as default};
