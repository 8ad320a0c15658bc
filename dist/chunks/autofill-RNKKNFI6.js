import{a,b,c,d,e}from"./chunk-CSM4Q44U.js";import"./chunk-6DHFEWGX.js";export{c as autofill,d as autofillQuery,b as newSeed,e as sampleForPattern,a as seededRandom};
