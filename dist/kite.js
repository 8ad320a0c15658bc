//# allFunctionsCalledOnLoad
import"./chunks/chunk-DGDPIXKQ.js";
