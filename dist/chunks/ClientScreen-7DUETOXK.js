//# allFunctionsCalledOnLoad
import{_b as o}from"./chunk-KBTHNDUG.js";import"./chunk-AJIRXNA7.js";import"./chunk-AKTHKJUY.js";import"./chunk-JYWCNCQ4.js";export{o as default};
