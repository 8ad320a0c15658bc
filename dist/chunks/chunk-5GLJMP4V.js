//# allFunctionsCalledOnLoad
var r=new WeakMap,u=new WeakMap,i=(e,o)=>{r.set(o,performance.now())},p=(e,o,n)=>{let t=r.get(o);return t!==void 0&&u.set(n,performance.now()-t),n};function f(e=200){return async(o,n)=>{let t=r.get(n);if(t===void 0)return;let s=e-(performance.now()-t);s>0&&await new Promise(a=>setTimeout(a,s))}}function m(e){return u.get(e)}export{i as a,p as b,f as c,m as d};
