//# allFunctionsCalledOnLoad
import"./chunks/chunk-WXAFZZSC.js";
