import{b as n,c as i}from"./chunk-Y24ZASF7.js";var e=n(i(),1);function t(){return(0,e.jsx)("main",{className:"kite-screen",children:(0,e.jsx)("h1",{children:"ClientScreen"})})}export{t as default};
