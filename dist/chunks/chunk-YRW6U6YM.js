//# allFunctionsCalledOnLoad
function o(i,e){let n,d=window.setTimeout(()=>{"requestIdleCallback"in window?n=window.requestIdleCallback(i,{timeout:5e3}):i()},e);return()=>{window.clearTimeout(d),n!==void 0&&window.cancelIdleCallback(n)}}function t(i){let e;return()=>(e??=i().catch(n=>{throw e=void 0,n}),e)}export{o as a,t as b};
