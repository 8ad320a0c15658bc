//# allFunctionsCalledOnLoad
import"./chunks/chunk-K5CDWESV.js";
