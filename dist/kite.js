//# allFunctionsCalledOnLoad
import"./chunks/chunk-EPQA2CHQ.js";
