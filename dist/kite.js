//# allFunctionsCalledOnLoad
import"./chunks/chunk-WN4OBXU5.js";
