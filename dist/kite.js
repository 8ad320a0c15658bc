//# allFunctionsCalledOnLoad
import"./chunks/chunk-RQTEZACB.js";
