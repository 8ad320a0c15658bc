//# allFunctionsCalledOnLoad
import"./chunks/chunk-7TKJ7TMN.js";
