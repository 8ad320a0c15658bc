//# allFunctionsCalledOnLoad
import{_ as o}from"./chunk-OA3JUGX6.js";import"./chunk-NKNW7R7O.js";import"./chunk-CNGKDWQC.js";export{o as default};
