//# allFunctionsCalledOnLoad
import"./chunks/chunk-2LSG4DJC.js";
