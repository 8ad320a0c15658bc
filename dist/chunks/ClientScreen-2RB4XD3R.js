//# allFunctionsCalledOnLoad
import{fa as o}from"./chunk-5YN6S6HA.js";import"./chunk-DKYY3SVM.js";import"./chunk-UWPWFZYC.js";export{o as default};
