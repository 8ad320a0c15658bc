//# allFunctionsCalledOnLoad
import"./chunks/chunk-W75AAF26.js";
