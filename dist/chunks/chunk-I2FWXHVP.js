//# allFunctionsCalledOnLoad
var n=new Set;function a(t,d){if(n.has(t)||typeof document>"u")return;n.add(t);let e=document.createElement("style");e.dataset.kiteStyle=t,e.textContent=d,document.head.append(e)}export{a};
