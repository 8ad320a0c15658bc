import{a,b}from"./chunk-LX2K4QKZ.js";import"./chunk-R5FGQOEF.js";import"./chunk-G6SK3RZS.js";import"./chunk-6DHFEWGX.js";export{a as SECRET_PLACEHOLDERS,b as describeOutgoing};
