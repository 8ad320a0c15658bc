//# allFunctionsCalledOnLoad
import"./chunks/chunk-67N37COJ.js";
