import{a,b,c,d,e}from"./chunk-ISYOYCTA.js";import"./chunk-6DHFEWGX.js";export{a as JsonPathError,e as applyCaptureRules,d as formatJsonPath,c as jsonPathGet,b as parseJsonPath};
