//# allFunctionsCalledOnLoad
import{y as a}from"./chunk-JIEPFXSQ.js";var o={name:"download",size:24,node:[["path",{d:"M12 15V3",key:"m9g1x1"}],["path",{d:"M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4",key:"ih7n3h"}],["path",{d:"m7 10 5 5 5-5",key:"brsn70"}]]};o.node;var n=a(o);export{n as a};
