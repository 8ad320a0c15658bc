//# allFunctionsCalledOnLoad
import"./chunks/chunk-IW3JBEX6.js";
