// The built bundle in dist/ (npm test builds it first): the first screen's files and the response
// viewer's carry V8's explicit compile hint, the other lazy chunks do not (compiling them eagerly
// would spend start-up time on code the first screen never runs).
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const dist = new URL('../dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('manifest.json', dist), 'utf8'));
const HINT = '//# allFunctionsCalledOnLoad\n';

describe('dist/ compile hints', () => {
  it('marks every file the main screen preloads, the entry included', () => {
    expect(manifest.preload).toContain('kite.js');
    for (const file of manifest.preload) {
      const code = readFileSync(new URL(file, dist), 'utf8');
      expect(code.startsWith(HINT), file).toBe(true);
      expect(manifest.files[file].bytes, file).toBe(Buffer.byteLength(code));
    }
  });

  it('marks the response viewer and its imports, which first run when the first answer lands', () => {
    expect(manifest.firstResponse.some((file) => /^chunks\/ResponseViewer-/.test(file))).toBe(true);
    for (const file of manifest.firstResponse) {
      expect(manifest.preload, file).not.toContain(file);
      expect(readFileSync(new URL(file, dist), 'utf8').startsWith(HINT), file).toBe(true);
    }
  });

  it('leaves other lazy chunks and the workers to lazy compilation', () => {
    const hinted = [...manifest.preload, ...manifest.firstResponse];
    const lazy = readdirSync(new URL('chunks/', dist)).map((name) => `chunks/${name}`).filter((file) => file.endsWith('.js') && !hinted.includes(file));
    expect(lazy.length).toBeGreaterThan(10);
    for (const file of [...lazy, ...manifest.workers]) expect(readFileSync(new URL(file, dist), 'utf8').startsWith(HINT), file).toBe(false);
  });
});
