//# allFunctionsCalledOnLoad
import"./chunks/chunk-LO2VPSQH.js";
