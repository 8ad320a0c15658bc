//# allFunctionsCalledOnLoad
import"./chunks/chunk-TZFXDPGO.js";
