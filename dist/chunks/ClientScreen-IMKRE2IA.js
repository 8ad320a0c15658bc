//# allFunctionsCalledOnLoad
import{_b as o}from"./chunk-F6MI25PZ.js";import"./chunk-AJIRXNA7.js";import"./chunk-NCNL62DG.js";import"./chunk-BCFQTOWV.js";export{o as default};
