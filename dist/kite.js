//# allFunctionsCalledOnLoad
import"./chunks/chunk-E3D3L5SE.js";
