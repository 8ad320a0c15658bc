//# allFunctionsCalledOnLoad
import{_ as o}from"./chunk-35XKAQWG.js";import"./chunk-NKNW7R7O.js";import"./chunk-RRJX4WPW.js";export{o as default};
