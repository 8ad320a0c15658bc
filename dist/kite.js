//# allFunctionsCalledOnLoad
import"./chunks/chunk-3NL7ULH7.js";
