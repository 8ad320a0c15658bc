import{a as o,b as r}from"./chunk-PILTEEMS.js";import"./chunk-HOI6SRPH.js";import"./chunk-NKNW7R7O.js";import"./chunk-JLZAXWH5.js";export{o as SECRET_PLACEHOLDERS,r as describeOutgoing};
