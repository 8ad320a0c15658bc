//# allFunctionsCalledOnLoad
import{Ua as o}from"./chunk-Y3SACANT.js";import"./chunk-AJIRXNA7.js";import"./chunk-SGTVZWYI.js";import"./chunk-VLWY6HWS.js";export{o as default};
