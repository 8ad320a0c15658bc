//# allFunctionsCalledOnLoad
import"./chunks/chunk-CDXGEJ72.js";
