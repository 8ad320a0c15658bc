//# allFunctionsCalledOnLoad
import{fa as o}from"./chunk-MHX4W43V.js";import"./chunk-MSV5TORC.js";import"./chunk-TZFXDPGO.js";export{o as default};
