//# allFunctionsCalledOnLoad
function r(t,n){let o=URL.createObjectURL(new Blob([t],{type:"application/octet-stream"})),e=document.createElement("a");e.href=o,e.download=n,e.rel="noopener",document.body.appendChild(e),e.click(),e.remove(),setTimeout(()=>URL.revokeObjectURL(o),1e4)}export{r as a};
