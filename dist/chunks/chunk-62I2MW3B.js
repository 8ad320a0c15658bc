//# allFunctionsCalledOnLoad
var o=n=>typeof n=="object"&&n!==null&&!Array.isArray(n);export{o as a};
