//# allFunctionsCalledOnLoad
import"./chunks/chunk-RPQZTNVE.js";
