import{a as o,b as r}from"./chunk-JGI62ZEW.js";import"./chunk-7JDWAINY.js";import"./chunk-AJIRXNA7.js";import"./chunk-3NL7ULH7.js";export{o as SECRET_PLACEHOLDERS,r as describeOutgoing};
