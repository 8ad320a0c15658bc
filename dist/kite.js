//# allFunctionsCalledOnLoad
import"./chunks/chunk-BCFQTOWV.js";
