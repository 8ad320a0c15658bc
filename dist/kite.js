//# allFunctionsCalledOnLoad
import"./chunks/chunk-B6CR2HVH.js";
