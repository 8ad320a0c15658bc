// @ts-check
// The host's budget of response-body bytes held at once, across all relays: each relay reserves
// bytes as they arrive and gives them all back when its answer has been sent or its browser has
// gone, so that many large answers at once are refused (503 RELAY_BUSY) rather than grow the host.

/**
 * @param {number} limitBytes
 * @param {{ took?: (bytes: number) => void; emptied?: () => void }} [watch] told of every reservation,
 *   and each time the last held byte is given back (./idle-release.mjs frees the memory then)
 */
export function createHeldBudget(limitBytes, watch = {}) {
  let held = 0;
  const giveBack = (/** @type {number} */ bytes) => {
    held -= bytes;
    if (bytes > 0 && held === 0) watch.emptied?.();
  };
  return {
    limitBytes,
    /** Bytes held now, by every relay. */
    get heldBytes() {
      return held;
    },
    /** One relay's share; `release()` gives it back and ends it (later takes are refused). */
    lease() {
      let mine = 0;
      let released = false;
      return {
        limitBytes,
        /** @param {number} bytes */
        take(bytes) {
          if (released || held + bytes > limitBytes) return false;
          held += bytes;
          mine += bytes;
          watch.took?.(bytes);
          return true;
        },
        /** Gives back bytes no longer held (a streamed piece that has left for the browser). */
        give(/** @type {number} */ bytes) {
          if (released) return;
          const back = Math.min(bytes, mine);
          mine -= back;
          giveBack(back);
        },
        release() {
          const back = mine;
          mine = 0;
          released = true;
          giveBack(back);
        },
      };
    },
  };
}
