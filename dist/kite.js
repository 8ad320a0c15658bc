//# allFunctionsCalledOnLoad
import"./chunks/chunk-L5OHCWMQ.js";
