//# allFunctionsCalledOnLoad
import"./chunks/chunk-R4DLFXWZ.js";
