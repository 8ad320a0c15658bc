//# allFunctionsCalledOnLoad
import"./chunks/chunk-6PW5N6NV.js";
