import{a,b}from"./chunk-4337CQKM.js";import"./chunk-BYC2UDDN.js";import"./chunk-6DHFEWGX.js";export{a as SECRET_PLACEHOLDERS,b as describeOutgoing};
