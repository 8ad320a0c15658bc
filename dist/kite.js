//# allFunctionsCalledOnLoad
import"./chunks/chunk-6SP3A3KH.js";
