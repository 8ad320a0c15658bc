//# allFunctionsCalledOnLoad
import{_b as o}from"./chunk-LIAVUUUG.js";import"./chunk-AJIRXNA7.js";import"./chunk-YTMVQ6Z5.js";import"./chunk-WN4OBXU5.js";export{o as default};
