//# allFunctionsCalledOnLoad
import{ma as o}from"./chunk-VSTEWVAD.js";import"./chunk-AJIRXNA7.js";import"./chunk-CDXGEJ72.js";export{o as default};
