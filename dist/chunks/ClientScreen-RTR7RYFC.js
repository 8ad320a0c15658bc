//# allFunctionsCalledOnLoad
import{hc as o}from"./chunk-5WPC3TCU.js";import"./chunk-AJIRXNA7.js";import"./chunk-MGFAJARK.js";import"./chunk-OFMSNTPN.js";export{o as default};
