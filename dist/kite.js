//# allFunctionsCalledOnLoad
import"./chunks/chunk-AMBP74DQ.js";
