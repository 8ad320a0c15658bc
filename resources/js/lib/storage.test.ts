import { createStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { isRecord } from '../model/is-record';
import { flushStoredWrites, onLeavingPage, readStored, setAsideKey, storedAtom, writeStored, writeWhenRested, type StoredKey } from './storage';

// jsdom's localStorage is a real Storage, quota included (5,000,000 code units per origin).
const counter = (key: string): StoredKey<{ count: number }> => ({
  key,
  label: 'the counter',
  fallback: () => ({ count: 0 }),
  read: (stored) => {
    if (!isRecord(stored)) throw new Error('not an object');
    return { count: typeof stored.count === 'number' ? stored.count : 0 };
  },
});

/** Fills the storage until only about `room` code units are left. */
function fillStorage(room: number) {
  let chunk = 'x'.repeat(1 << 20);
  for (let n = 0; chunk.length > room / 2; n += 1) {
    try {
      localStorage.setItem(`filler-${n}`, chunk);
    } catch {
      chunk = chunk.slice(0, chunk.length / 2);
    }
  }
}

afterEach(() => localStorage.clear());

describe('stored values', () => {
  it('reads a stored value back, sanitised, and gives the default when there is none', () => {
    expect(readStored(counter('kite:a'))).toEqual({ count: 0 });
    localStorage.setItem('kite:a', '{"count": 3}');
    expect(readStored(counter('kite:a'))).toEqual({ count: 3 });
    localStorage.setItem('kite:a', '{"count": "three"}');
    expect(readStored(counter('kite:a'))).toEqual({ count: 0 });
  });

  it('keeps a value that does not read under KEY:set-aside before anything writes over it', () => {
    localStorage.setItem('kite:b', '{broken');
    expect(readStored(counter('kite:b'))).toEqual({ count: 0 });
    expect(localStorage.getItem(setAsideKey('kite:b'))).toBe('{broken');
    expect(writeStored(counter('kite:b'), { count: 1 })).toBe(true);
    expect(localStorage.getItem('kite:b')).toBe('{"count":1}');
    expect(localStorage.getItem('kite:b:set-aside')).toBe('{broken');

    // Another damaged value later does not replace the first one set aside.
    localStorage.setItem('kite:b', '[1, 2');
    readStored(counter('kite:b'));
    expect(localStorage.getItem('kite:b:set-aside')).toBe('{broken');
    expect(localStorage.getItem('kite:b:set-aside-2')).toBe('[1, 2');
    expect(localStorage.getItem('kite:b:set-aside-3')).toBeNull();
  });

  it('does not write over a value it could not set aside', () => {
    const big = `{${'y'.repeat(40_000)}`;
    localStorage.setItem('kite:c', big);
    fillStorage(1000);
    expect(readStored(counter('kite:c'))).toEqual({ count: 0 });
    expect(localStorage.getItem('kite:c:set-aside')).toBeNull();
    expect(writeStored(counter('kite:c'), { count: 1 })).toBe(false);
    expect(localStorage.getItem('kite:c')).toBe(big);
  });

  it('keeps the value in memory when the quota is full, and writes it again once there is room', () => {
    const spec = { ...counter('kite:d'), toStored: (value: { count: number }) => ({ ...value, padding: 'z'.repeat(value.count) }) };
    const store = createStore();
    const countAtom = storedAtom(spec);
    store.sub(countAtom, () => {});
    fillStorage(20_000);
    expect(() => store.set(countAtom, { count: 100_000 })).not.toThrow();
    expect(store.get(countAtom)).toEqual({ count: 100_000 });
    expect(localStorage.getItem('kite:d')).toBeNull();
    store.set(countAtom, (previous) => ({ count: previous.count - 99_990 }));
    expect(store.get(countAtom)).toEqual({ count: 10 });
    expect(JSON.parse(localStorage.getItem('kite:d') ?? 'null')).toMatchObject({ count: 10 });
  });

  it('follows a change made in another window, and ignores one that does not read', () => {
    localStorage.setItem('kite:e', '{"count": 1}');
    const store = createStore();
    const countAtom = storedAtom(counter('kite:e'));
    store.sub(countAtom, () => {});
    expect(store.get(countAtom)).toEqual({ count: 1 });
    const change = (newValue: string | null) => window.dispatchEvent(new StorageEvent('storage', { key: 'kite:e', newValue, storageArea: localStorage }));
    change('{"count": 5}');
    expect(store.get(countAtom)).toEqual({ count: 5 });
    change('{oops');
    expect(store.get(countAtom)).toEqual({ count: 5 });
    change(null);
    expect(store.get(countAtom)).toEqual({ count: 0 });
  });

  it('writes a value that changes on each key press once it rests, and at once when the page goes away', async () => {
    const store = createStore();
    let heldBack = 0;
    const countAtom = storedAtom(counter('kite:f'), { writeDelayMs: 20, beforeLeave: () => heldBack && store.set(countAtom, { count: heldBack }) });
    store.set(countAtom, { count: 1 });
    store.set(countAtom, { count: 2 });
    expect(localStorage.getItem('kite:f')).toBeNull();
    await expect.poll(() => localStorage.getItem('kite:f')).toBe('{"count":2}');
    store.set(countAtom, { count: 3 });
    heldBack = 4; // an editor still holds text back: it lands before the write
    window.dispatchEvent(new Event('pagehide'));
    expect(localStorage.getItem('kite:f')).toBe('{"count":4}');
    flushStoredWrites();
    expect(localStorage.getItem('kite:f')).toBe('{"count":4}');
  });

  it('runs what a part registered for leaving the page, once per leaving, until it stops', () => {
    const left: string[] = [];
    const stop = onLeavingPage(() => left.push('journal'));
    window.dispatchEvent(new Event('pagehide'));
    expect(left).toEqual(['journal']);
    stop();
    window.dispatchEvent(new Event('pagehide'));
    expect(left).toEqual(['journal']);
  });

  it("does not follow another window's change of a value that is this window's own work", () => {
    localStorage.setItem('kite:g', '{"count": 1}');
    const store = createStore();
    const countAtom = storedAtom(counter('kite:g'), { followOtherWindows: false });
    store.sub(countAtom, () => {});
    window.dispatchEvent(new StorageEvent('storage', { key: 'kite:g', newValue: '{"count": 5}', storageArea: localStorage }));
    expect(store.get(countAtom)).toEqual({ count: 1 });
  });

  it('drops a write still waiting when a newer one is made at once, so the older value never lands after it', async () => {
    const written: string[] = [];
    writeWhenRested('kite:h', 10, () => written.push('typed'));
    writeWhenRested('kite:h', 0, () => written.push('cleared'));
    writeWhenRested('kite:other', 10, () => written.push('other'));
    await expect.poll(() => written).toEqual(['cleared', 'other']);
  });
});
