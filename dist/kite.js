//# allFunctionsCalledOnLoad
import"./chunks/chunk-KSLGNZBP.js";
