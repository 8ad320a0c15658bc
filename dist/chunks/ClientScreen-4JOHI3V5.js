//# allFunctionsCalledOnLoad
import{pa as o}from"./chunk-7JDWAINY.js";import"./chunk-AJIRXNA7.js";import"./chunk-3NL7ULH7.js";export{o as default};
