//# allFunctionsCalledOnLoad
import"./chunks/chunk-WJSA6KCB.js";
