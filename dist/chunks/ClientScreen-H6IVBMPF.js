//# allFunctionsCalledOnLoad
import{hc as o}from"./chunk-5WCMAVOU.js";import"./chunk-AJIRXNA7.js";import"./chunk-USCSNNNA.js";import"./chunk-JE54RNG2.js";export{o as default};
