//# allFunctionsCalledOnLoad
var o=new WeakMap,p=(e,n)=>{o.set(e,performance.now()-n.startedAt)};function i(e=200){return async(n,r)=>{let t=e-(performance.now()-r.startedAt);t>0&&await new Promise(s=>setTimeout(s,t))}}function a(e){return o.get(e)}export{p as a,i as b,a as c};
