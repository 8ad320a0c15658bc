//# allFunctionsCalledOnLoad
import"./chunks/chunk-FX6DQLND.js";
