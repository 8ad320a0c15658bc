//# allFunctionsCalledOnLoad
import{b as o,ya as g}from"./chunk-BCFQTOWV.js";var t=o(g(),1);function s({text:p}){let e=p.split("`");return e.length%2===0&&e.splice(e.length-2,2,`${e[e.length-2]}\`${e[e.length-1]}`),(0,t.jsx)(t.Fragment,{children:e.map((n,l)=>l%2===1?(0,t.jsx)("code",{children:n},l):n)})}export{s as a};
