//# allFunctionsCalledOnLoad
import"./chunks/chunk-CNGKDWQC.js";
