//# allFunctionsCalledOnLoad
import{db as o}from"./chunk-62ZBX26R.js";import"./chunk-AJIRXNA7.js";import"./chunk-2AMTAMQT.js";import"./chunk-FEIB4CAZ.js";export{o as default};
