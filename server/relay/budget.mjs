// @ts-check
// The host's budget of response-body bytes held at once, across all relays: each relay reserves
// bytes as they arrive and gives them all back when its answer has been sent or its browser has
// gone, so that many large answers at once are refused (503 RELAY_BUSY) rather than grow the host.

/**
 * @param {number} limitBytes
 */
export function createHeldBudget(limitBytes) {
  let held = 0;
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
          return true;
        },
        /** Gives back bytes no longer held (a streamed piece that has left for the browser). */
        give(/** @type {number} */ bytes) {
          if (released) return;
          const back = Math.min(bytes, mine);
          held -= back;
          mine -= back;
        },
        release() {
          held -= mine;
          mine = 0;
          released = true;
        },
      };
    },
  };
}
