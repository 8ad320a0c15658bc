//# allFunctionsCalledOnLoad
import{hc as o}from"./chunk-KQRCR3I7.js";import"./chunk-AJIRXNA7.js";import"./chunk-J3J3JMSL.js";import"./chunk-AMBP74DQ.js";export{o as default};
