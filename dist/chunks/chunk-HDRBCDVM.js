var n=new Set;function o(e){return n.add(e),()=>n.delete(e)}function t(){for(let e of n)e()}export{o as a,t as b};
