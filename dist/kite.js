//# allFunctionsCalledOnLoad
import"./chunks/chunk-NCB6DYKK.js";
