//# allFunctionsCalledOnLoad
import"./chunks/chunk-MLDN3AZ3.js";
