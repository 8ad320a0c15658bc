//# allFunctionsCalledOnLoad
import{hc as o}from"./chunk-5S42TEVN.js";import"./chunk-AJIRXNA7.js";import"./chunk-SLNCZWE3.js";import"./chunk-MLDN3AZ3.js";export{o as default};
