//# allFunctionsCalledOnLoad
import"./chunks/chunk-BZSHXR42.js";
