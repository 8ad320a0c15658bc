//# allFunctionsCalledOnLoad
import"./chunks/chunk-3GRF354B.js";
