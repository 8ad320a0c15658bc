//# allFunctionsCalledOnLoad
import"./chunks/chunk-JE54RNG2.js";
