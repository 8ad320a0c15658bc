//# allFunctionsCalledOnLoad
import{hc as o}from"./chunk-XHUOILFN.js";import"./chunk-AJIRXNA7.js";import"./chunk-3ZCRH3HT.js";import"./chunk-7TKJ7TMN.js";export{o as default};
