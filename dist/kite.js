//# allFunctionsCalledOnLoad
import"./chunks/chunk-FPYYLRNP.js";
