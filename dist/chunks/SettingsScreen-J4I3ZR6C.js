import{b as n,c as t}from"./chunk-Y24ZASF7.js";var e=n(t(),1);function i(){return(0,e.jsx)("main",{className:"kite-screen",children:(0,e.jsx)("h1",{children:"SettingsScreen"})})}export{i as default};
