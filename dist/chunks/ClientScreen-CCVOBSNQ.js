//# allFunctionsCalledOnLoad
import{hc as o}from"./chunk-7IHE5V6E.js";import"./chunk-AJIRXNA7.js";import"./chunk-BHQGCALA.js";import"./chunk-67N37COJ.js";export{o as default};
