//# allFunctionsCalledOnLoad
import{k as s,l as a,m as i,n as m}from"./chunk-ESRZV52L.js";import{e as p}from"./chunk-FOQYK5WS.js";import{a as r}from"./chunk-EI5UA2Z2.js";var t=r(s(p())),A=r(o=>o(t),(o,k,e)=>{let c=typeof e=="function"?e(o(t)):e;k(t,c),a(p(),c)}),n=r(""),l=r(o=>i(o(t),o(n))),x=r(o=>m(o(t),o(n)));export{A as a,n as b,l as c,x as d};
