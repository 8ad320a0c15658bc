//# allFunctionsCalledOnLoad
import{ma as o}from"./chunk-HOI6SRPH.js";import"./chunk-NKNW7R7O.js";import"./chunk-JLZAXWH5.js";export{o as default};
