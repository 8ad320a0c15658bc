//# allFunctionsCalledOnLoad
import"./chunks/chunk-JLZAXWH5.js";
