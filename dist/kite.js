//# allFunctionsCalledOnLoad
import"./chunks/chunk-RRJX4WPW.js";
