//# allFunctionsCalledOnLoad
function n(e){return`${e.labels[e.index]??`Option ${e.index+1}`} · ${e.keyword==="oneOf"?"one":"any"} of ${e.count}`}export{n as a};
