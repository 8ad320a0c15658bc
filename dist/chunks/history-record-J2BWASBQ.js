import{a,b,c}from"./chunk-D5NSNL37.js";import"./chunk-62I2MW3B.js";import"./chunk-6DHFEWGX.js";export{a as historyRecordProblem,b as isHistoryEntry,c as setAsideMessage};
