import{a as o}from"./chunk-5KKT43CJ.js";import"./chunk-S3LQ6P5K.js";import"./chunk-Y7SVIXOF.js";import"./chunk-PBHUKKAY.js";import"./chunk-DMBQIH4M.js";export{o as AuthEditor};
