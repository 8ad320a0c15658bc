//# allFunctionsCalledOnLoad
import{hc as o}from"./chunk-XYXQ2BT5.js";import"./chunk-AJIRXNA7.js";import"./chunk-VUOCHJZ5.js";import"./chunk-DWIZT26H.js";export{o as default};
