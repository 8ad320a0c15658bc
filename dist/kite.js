//# allFunctionsCalledOnLoad
import"./chunks/chunk-6ZEZDESI.js";
