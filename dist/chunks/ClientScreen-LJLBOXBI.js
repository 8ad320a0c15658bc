//# allFunctionsCalledOnLoad
import{hc as o}from"./chunk-3YTKUAJM.js";import"./chunk-AJIRXNA7.js";import"./chunk-HPJAESCI.js";import"./chunk-ACTCEQHB.js";export{o as default};
