//# allFunctionsCalledOnLoad
var s={assumedHeight:400,offset:4,viewportMargin:8,doubleShiftMs:500,recentLimit:2,tabs:{maskWidth:32,scrollThreshold:1,scrollPadding:8,debounceMs:16}};export{s as a};
