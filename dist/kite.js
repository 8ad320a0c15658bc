//# allFunctionsCalledOnLoad
import"./chunks/chunk-E6KTOQUT.js";
