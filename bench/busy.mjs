// `--busy`: the machine of a developer whose build or test suite runs beside the browser. Two
// CPU-bound child processes spin for as long as the benchmark measures; both are stopped at the end,
// and when the benchmark's own process exits whichever way (a failure half-way included).
import { spawn } from 'node:child_process';

export const BUSY_PROCESSES = 2;

/** Starts `count` spinning Node processes; resolves to `stop()`, which resolves once all have exited. */
export function startBusyLoad(count = BUSY_PROCESSES) {
  const children = Array.from({ length: count }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  const killAll = () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill();
  };
  process.once('exit', killAll);
  const exited = children.map((child) => new Promise((resolve) => child.once('exit', resolve)));
  return {
    pids: children.map((child) => child.pid),
    async stop() {
      killAll();
      await Promise.all(exited);
      process.off('exit', killAll);
    },
  };
}
