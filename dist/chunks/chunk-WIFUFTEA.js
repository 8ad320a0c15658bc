//# allFunctionsCalledOnLoad
var n=new Set,t=new Set;function d(e){return n.add(e),()=>n.delete(e)}function o(){for(let e of n)e()}function r(e){t.add(e);let i=()=>t.delete(e);return e.then(i,i),e}async function s(){for(;t.size>0;)await Promise.allSettled([...t]);o()}export{d as a,o as b,r as c,s as d};
