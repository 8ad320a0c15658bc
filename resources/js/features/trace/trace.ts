// The trace feature's entry: the Trace tab of the response viewer, a lazy chunk.
export const loadTraceView = () => import('./TraceView');
