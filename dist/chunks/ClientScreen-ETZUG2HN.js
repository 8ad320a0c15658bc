//# allFunctionsCalledOnLoad
import{ma as o}from"./chunk-I5ISQOVS.js";import"./chunk-NKNW7R7O.js";import"./chunk-E6KTOQUT.js";export{o as default};
