//# allFunctionsCalledOnLoad
import{hc as o}from"./chunk-7S4DL7QX.js";import"./chunk-AJIRXNA7.js";import"./chunk-M3U2VSFQ.js";import"./chunk-DYFB7J3R.js";export{o as default};
