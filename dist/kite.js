//# allFunctionsCalledOnLoad
import"./chunks/chunk-ZLYZ5X4D.js";
