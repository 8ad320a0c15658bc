//# allFunctionsCalledOnLoad
import"./chunks/chunk-2R2ZO3PB.js";
