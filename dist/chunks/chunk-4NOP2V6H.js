//# allFunctionsCalledOnLoad
import{a as t}from"./chunk-EI5UA2Z2.js";var o=t(null),r=t(null),n=t([]),s=t(!1);export{o as a,r as b,n as c,s as d};
