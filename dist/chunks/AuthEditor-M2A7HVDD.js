import{a as o}from"./chunk-56ZHGUOP.js";import"./chunk-TS744P5I.js";import"./chunk-5YN6S6HA.js";import"./chunk-DKYY3SVM.js";import"./chunk-UWPWFZYC.js";export{o as AuthEditor};
