//# allFunctionsCalledOnLoad
import"./chunks/chunk-UWPWFZYC.js";
