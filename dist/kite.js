//# allFunctionsCalledOnLoad
import"./chunks/chunk-P7FYQNQX.js";
