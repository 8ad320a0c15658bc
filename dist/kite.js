//# allFunctionsCalledOnLoad
import"./chunks/chunk-3WPFOLOB.js";
