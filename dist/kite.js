//# allFunctionsCalledOnLoad
import"./chunks/chunk-J576WN5I.js";
