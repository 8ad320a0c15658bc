//# allFunctionsCalledOnLoad
import"./chunks/chunk-PN5H7SJR.js";
