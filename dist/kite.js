//# allFunctionsCalledOnLoad
import"./chunks/chunk-DTMSGICN.js";
