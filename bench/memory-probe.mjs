// Loaded into a host that a benchmark or test starts (`node --import`, startKiteHost's
// `probeMemory`): answers each `{ id }` message on the IPC channel with the host's
// process.memoryUsage(), so that RSS can be told apart from Buffers (arrayBuffers) and the heap.
process.on('message', (/** @type {{ id: number }} */ { id }) => process.send?.({ id, ...process.memoryUsage() }));
// The channel alone does not keep the host running.
process.channel?.unref();
