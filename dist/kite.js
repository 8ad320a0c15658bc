//# allFunctionsCalledOnLoad
import"./chunks/chunk-RSM3GH3E.js";
