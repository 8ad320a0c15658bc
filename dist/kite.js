//# allFunctionsCalledOnLoad
import"./chunks/chunk-XARB42YZ.js";
