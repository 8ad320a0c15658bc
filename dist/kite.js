//# allFunctionsCalledOnLoad
import"./chunks/chunk-DYFB7J3R.js";
