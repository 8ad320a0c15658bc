//# allFunctionsCalledOnLoad
import"./chunks/chunk-DMBQIH4M.js";
