//# allFunctionsCalledOnLoad
import"./chunks/chunk-JYWCNCQ4.js";
