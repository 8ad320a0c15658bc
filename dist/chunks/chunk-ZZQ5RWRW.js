//# allFunctionsCalledOnLoad
import{b as t}from"./chunk-A3SLNXKZ.js";function i(l,n){let e=null,r=typeof Worker>"u",u=()=>{r=!0,e?.terminate(),e=null,n.onBroken()};return{get(){if(r)return null;if(e)return e;try{e=new Worker(`${t.assetsUrl}/${l}`,{type:"module"})}catch{return r=!0,null}return e.onmessage=o=>n.onMessage(o.data),e.onerror=o=>{o.preventDefault(),u()},e},broken:()=>r}}export{i as a};
