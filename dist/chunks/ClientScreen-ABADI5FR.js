//# allFunctionsCalledOnLoad
import{hc as o}from"./chunk-S3VBX24N.js";import"./chunk-AJIRXNA7.js";import"./chunk-7MYUJHFK.js";import"./chunk-DGDPIXKQ.js";export{o as default};
