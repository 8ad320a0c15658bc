//# allFunctionsCalledOnLoad
import"./chunks/chunk-JIEPFXSQ.js";
