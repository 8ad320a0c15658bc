//# allFunctionsCalledOnLoad
import"./chunks/chunk-VLWY6HWS.js";
