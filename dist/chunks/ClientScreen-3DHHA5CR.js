//# allFunctionsCalledOnLoad
import{fa as o}from"./chunk-AJWPL2CK.js";import"./chunk-PWF4SL6W.js";import"./chunk-6PW5N6NV.js";export{o as default};
