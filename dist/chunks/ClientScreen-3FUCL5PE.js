//# allFunctionsCalledOnLoad
import{hc as o}from"./chunk-UIWBBZGQ.js";import"./chunk-AJIRXNA7.js";import"./chunk-TRYHT745.js";import"./chunk-E3D3L5SE.js";export{o as default};
