//# allFunctionsCalledOnLoad
import"./chunks/chunk-FEIB4CAZ.js";
