//# allFunctionsCalledOnLoad
function l(e,t,n){let o=[...t?.querySelectorAll('[role="menuitem"]')??[]],r=o.indexOf(document.activeElement);e.key==="Escape"||e.key==="Tab"?(e.preventDefault(),n()):(e.key==="ArrowDown"||e.key==="ArrowUp")&&(e.preventDefault(),o[(r+(e.key==="ArrowDown"?1:o.length-1))%o.length]?.focus())}export{l as a};
