//# allFunctionsCalledOnLoad
import"./chunks/chunk-ACTCEQHB.js";
