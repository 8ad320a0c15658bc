// Which result frames the response viewer renders, and the React key of each. A frame is shown, or
// staged out of sight: the first call's rehearsal (warms the viewer's code during the spec's 200 ms
// hold) or the answer received during the hold, prepared before the floor. At the floor the staged
// answer becomes the shown one under the same key, so React reveals its tree instead of mounting one.

/** The key of the rehearsal frame; the first result staged or shown after it takes it over (updated in place). */
export const REHEARSAL_KEY = 'rehearsal';

export interface ResponseFrame<R> {
  key: string;
  /** The result it renders; null for the rehearsal (the viewer's own sample answer). */
  result: R | null;
  shown: boolean;
}

export interface FrameInputs<R> {
  result: R | null;
  /** The answer received during the hold, not yet to be shown. */
  prepared: R | null;
  pending: boolean;
  failed: boolean;
  streaming: boolean;
}

/** Gives each result one key for as long as it is rendered; remembers whether the rehearsal was on the page. */
export class FrameKeys<R extends object> {
  private readonly keys = new WeakMap<R, string>();
  private count = 0;
  private rehearsing = false;

  of(result: R): string {
    let key = this.keys.get(result);
    if (key === undefined) {
      key = this.rehearsing ? REHEARSAL_KEY : `result-${++this.count}`;
      this.rehearsing = false;
      this.keys.set(result, key);
    }
    return key;
  }

  /** The frames for this render (in the order rendered), noting whether the rehearsal is among them. */
  frames({ result, prepared, pending, failed, streaming }: FrameInputs<R>): ResponseFrame<R>[] {
    if (failed) return this.noted([]);
    const frames: ResponseFrame<R>[] = result ? [{ key: this.of(result), result, shown: true }] : [];
    // Staged only while the call is held and no stream shows itself instead.
    if (pending && !streaming) {
      if (prepared) frames.push({ key: this.of(prepared), result: prepared, shown: false });
      else if (!result) frames.push({ key: REHEARSAL_KEY, result: null, shown: false });
    }
    return this.noted(frames);
  }

  private noted(frames: ResponseFrame<R>[]): ResponseFrame<R>[] {
    this.rehearsing = frames.some((frame) => frame.key === REHEARSAL_KEY && frame.result === null);
    return frames;
  }
}
