// @ts-check
// Gives the memory of relayed bodies back once the relays have gone quiet. The bodies are Buffers
// outside V8's heap: when the last answer has been sent they are garbage, but V8 collects only
// when the heap grows, and an idle host allocates nothing, so they stayed (measured by
// `npm run bench -- soak`: 84 of 200 MB RSS still Buffers 10 s after a burst of 4 MB bodies).
// After enough body bytes have passed and nothing has been held for a moment, one full
// collection frees them. What the allocator keeps of the freed memory is not V8's to return (see
// bench/results/memory.md).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Body bytes that must have passed since the last collection for a quiet moment to start one. */
export const COLLECT_AFTER_BYTES = 32 * 1024 * 1024;
/** How long nothing may be held before collecting (a burst that goes on is left alone). */
export const QUIET_MS = 1000;

/** @type {(() => void) | null} */
let fullCollection = null;

/**
 * V8's full collection; `gc` when node runs with --expose-gc, otherwise the same function taken
 * from a fresh context with the flag set for that moment only, so the host's globals stay as they are.
 * @returns {() => void}
 */
function collector() {
  if (fullCollection) return fullCollection;
  if (typeof globalThis.gc === 'function') {
    fullCollection = /** @type {() => void} */ (globalThis.gc);
    return fullCollection;
  }
  setFlagsFromString('--expose-gc');
  fullCollection = /** @type {() => void} */ (runInNewContext('gc'));
  setFlagsFromString('--no-expose-gc');
  return fullCollection;
}

/**
 * Two full collections soon (after the task that called it), for a one-off allocation whose
 * garbage an idle host would otherwise keep as RSS: a large document's load, a large routes body.
 * @returns {void}
 */
export function collectSoon() {
  if (collectTimer) return;
  collectTimer = setTimeout(() => {
    collectTimer = undefined;
    collector()();
    collector()();
  }, 0);
  collectTimer.unref();
}
/** @type {NodeJS.Timeout | undefined} */
let collectTimer;

/**
 * @param {{ heldBytes: number }} budget whose heldBytes says whether a relay still holds a body
 * @param {{ afterBytes?: number; quietMs?: number }} [options]
 */
export function releaseWhenIdle(budget, options = {}) {
  const afterBytes = options.afterBytes ?? COLLECT_AFTER_BYTES;
  const quietMs = options.quietMs ?? QUIET_MS;
  let passed = 0;
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const collectIfQuiet = () => {
    timer = undefined;
    if (budget.heldBytes > 0) return; // busy again: the next time it empties tries again
    passed = 0;
    // Twice: the first collection finds the answers and sockets dead, and only the next one
    // frees the Buffers that they alone kept (measured: one left 80 of 138 MB).
    collector()();
    collector()();
  };
  return {
    /** Count bytes a relay held. */
    took(/** @type {number} */ bytes) {
      passed += bytes;
    },
    /** Called when the budget holds nothing any more. */
    emptied() {
      if (passed < afterBytes || timer) return;
      timer = setTimeout(collectIfQuiet, quietMs);
      timer.unref();
    },
  };
}
