//# allFunctionsCalledOnLoad
import{hc as o}from"./chunk-IQF6UVNE.js";import"./chunk-AJIRXNA7.js";import"./chunk-FZERO5C6.js";import"./chunk-W75AAF26.js";export{o as default};
