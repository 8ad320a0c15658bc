//# allFunctionsCalledOnLoad
import{hc as o}from"./chunk-AXVWOJUS.js";import"./chunk-AJIRXNA7.js";import"./chunk-UFAWMNQD.js";import"./chunk-6ZEZDESI.js";export{o as default};
