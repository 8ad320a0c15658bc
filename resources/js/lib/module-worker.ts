// A module worker from the assets URL, started on first use and given up for good when its script
// cannot load or it crashes: callers then do the work on the main thread (`onBroken` tells them).
import { kiteConfig } from './config';

export interface ModuleWorker {
  /** The running worker, started on first call; null once it is broken or where workers do not exist. */
  get(): Worker | null;
  broken(): boolean;
}

export function moduleWorker<Reply>(script: string, handlers: { onMessage(reply: Reply): void; onBroken(): void }): ModuleWorker {
  let worker: Worker | null = null;
  let broken = typeof Worker === 'undefined';
  const giveUp = () => {
    broken = true;
    worker?.terminate();
    worker = null;
    handlers.onBroken();
  };
  return {
    get() {
      if (broken) return null;
      if (worker) return worker;
      try {
        worker = new Worker(`${kiteConfig.assetsUrl}/${script}`, { type: 'module' });
      } catch {
        broken = true;
        return null;
      }
      worker.onmessage = (event: MessageEvent<Reply>) => handlers.onMessage(event.data);
      worker.onerror = (event) => {
        // Handled here: the callers fall back to the main thread.
        event.preventDefault();
        giveUp();
      };
      return worker;
    },
    broken: () => broken,
  };
}
