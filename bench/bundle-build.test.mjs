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

  it("names the response viewer's files in the first screen's code, which preloads them all at once (lib/module-preload.ts)", () => {
    const list = `kite:chunks:response-viewer=${manifest.firstResponse.join(',')}`;
    expect(manifest.preload.filter((file) => readFileSync(new URL(file, dist), 'utf8').includes(list))).toHaveLength(1);
  });

  it('leaves other lazy chunks and the workers to lazy compilation', () => {
    const hinted = [...manifest.preload, ...manifest.firstResponse];
    const lazy = readdirSync(new URL('chunks/', dist)).map((name) => `chunks/${name}`).filter((file) => file.endsWith('.js') && !hinted.includes(file));
    expect(lazy.length).toBeGreaterThan(10);
    for (const file of [...lazy, ...manifest.workers]) expect(readFileSync(new URL(file, dist), 'utf8').startsWith(HINT), file).toBe(false);
  });
});

/** The files a built file imports statically, itself included (paths relative to dist/). */
function staticClosure(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(new URL(file, dist), 'utf8');
  const base = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '';
  for (const [, spec] of code.matchAll(/(?:^|[;}\s])import\s*(?:[^"';]*?from\s*)?"(\.[^"]+)"/g)) {
    staticClosure(new URL(spec, new URL(base, 'file:///')).pathname.slice(1), seen);
  }
  return seen;
}

describe('dist/ first load', () => {
  it('is a handful of files, not one per combination of lazy chunks sharing a module', () => {
    // Each file is a request and a module record; split by esbuild's rules the first load was 39.
    // Up to 6 for the entry and the main screen, 3 for the tab strip its first render draws (its
    // chunk and two small ones it shares), announced with them since issue 31 (build.mjs FIRST_SCREEN_PARTS).
    expect(manifest.preload.length).toBeLessThanOrEqual(9);
    expect([...staticClosure('kite.js')].sort()).toEqual([...manifest.initial].sort());
  });

  it('opens another screen without downloading the main screen\'s code', () => {
    const mainScreenOnly = manifest.preload.filter((file) => !manifest.initial.includes(file));
    expect(mainScreenOnly.length).toBeGreaterThan(0);
    for (const screen of ['SettingsScreen', 'StatusScreen']) {
      const chunk = Object.keys(manifest.files).find((file) => manifest.files[file].entry?.endsWith(`/${screen}.tsx`));
      expect(chunk, screen).toBeDefined();
      // A module both screens use may sit in a small chunk of its own; the main screen's code may not.
      const closure = staticClosure(chunk);
      const shared = mainScreenOnly.filter((file) => closure.has(file));
      expect(shared.reduce((sum, file) => sum + manifest.files[file].bytes, 0), `${screen} imports ${shared.join(', ')}`).toBeLessThan(4096);
    }
  });

  it('leaves out the collapsed sidebar\'s tooltip (Radix Tooltip, its popper and layers), which it does not draw', () => {
    // Issue 31: ~20 KB gzip of the first load; SidebarTooltip.tsx loads it once the screen is usable.
    const tooltip = Object.keys(manifest.files).find((file) => manifest.files[file].entry?.endsWith('/app/sidebar/SidebarTooltip.tsx'));
    expect(tooltip).toBeDefined();
    expect(manifest.preload).not.toContain(tooltip);
    // Radix names its tooltip's provider in a string the minifier keeps.
    const hasRadixTooltip = (file) => readFileSync(new URL(file, dist), 'utf8').includes('"TooltipProvider"');
    expect([...staticClosure(tooltip)].some(hasRadixTooltip)).toBe(true);
    expect(manifest.preload.filter(hasRadixTooltip)).toEqual([]);
    // Every screen draws the sidebar: its tooltip must not download the main screen's code.
    const mainScreenOnly = manifest.preload.filter((file) => !manifest.initial.includes(file));
    expect([...staticClosure(tooltip)].filter((file) => mainScreenOnly.includes(file))).toEqual([]);
  });

  it('leaves out the icons only lazy parts draw, such as the palette\'s generator icons', () => {
    // Issue 31: lucide-react's barrel made every icon reachable from the entry, and esbuild put each
    // icon any lazy chunk draws into the first load (build.mjs, iconImportsPlugin). An icon's data
    // keeps its name in a string the minifier keeps.
    const drawsIcon = (name) => (file) => readFileSync(new URL(file, dist), 'utf8').includes(`name:"${name}"`);
    const palette = Object.keys(manifest.files).find((file) => manifest.files[file].entry?.endsWith('/features/generators/GeneratorPalette.tsx'));
    expect([...staticClosure(palette)].some(drawsIcon('fingerprint-pattern'))).toBe(true);
    expect(manifest.preload.filter(drawsIcon('fingerprint-pattern'))).toEqual([]);
    // The first screen's own icons stay in it: the sidebar's Send.
    expect(manifest.preload.some(drawsIcon('send'))).toBe(true);
  });

  it('draws the Docs panel closed without Radix Collapsible or the docs\' body, which come when it opens or the page is idle', () => {
    // Issue 31: the first screen draws the panel's heading (features/docs/DocsHeading.tsx); Radix's
    // Collapsible with its primitives (RouteDocs.tsx) and the body, rich text and schema trees
    // (DocsBody.tsx) were ~10 KB gzip of what it loaded before Send was usable.
    const chunkOf = (source) => Object.keys(manifest.files).find((file) => manifest.files[file].entry?.endsWith(source));
    const holds = (marker) => (file) => readFileSync(new URL(file, dist), 'utf8').includes(marker);
    const panel = chunkOf('/features/docs/RouteDocs.tsx');
    const body = chunkOf('/features/docs/DocsBody.tsx');
    // Radix names its Collapsible's context in a string the minifier keeps.
    expect(manifest.preload.filter(holds('"Collapsible"'))).toEqual([]);
    expect([...staticClosure(panel)].some(holds('"Collapsible"'))).toBe(true);
    // The heading is drawn by the first screen.
    expect(manifest.preload.some(holds('"kite-docs-trigger"'))).toBe(true);
    expect([...staticClosure(panel), ...manifest.preload].filter(holds('"About this route"'))).toEqual([]);
    expect([...staticClosure(panel), ...manifest.preload].filter(holds('"kite-rich-code"'))).toEqual([]);
    expect(body).toBeDefined();
    expect([...staticClosure(body)].some(holds('"About this route"'))).toBe(true);
  });

  it('keeps the stylesheet in kite.css and the workers self-contained', () => {
    expect(readdirSync(new URL('chunks/', dist)).filter((name) => !name.endsWith('.js'))).toEqual([]);
    for (const worker of manifest.workers) expect([...staticClosure(worker)], worker).toEqual([worker]);
  });
});
