//# allFunctionsCalledOnLoad
import"./chunks/chunk-DWIZT26H.js";
