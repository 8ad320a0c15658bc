//# allFunctionsCalledOnLoad
import"./chunks/chunk-OFMSNTPN.js";
