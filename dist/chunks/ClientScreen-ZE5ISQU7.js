//# allFunctionsCalledOnLoad
import{hc as o}from"./chunk-5MYZ4AL4.js";import"./chunk-AJIRXNA7.js";import"./chunk-PRSDHTP4.js";import"./chunk-FX6DQLND.js";export{o as default};
