// The import rules of resources/js (docs/architecture.md), checked on every file:
// - model/ is framework-free: it imports only model/, protocol/ and pure npm packages (no React,
//   react-dom, jotai or UI kit) and touches no DOM global, so it runs in the browser, workers and Node;
// - lib/ imports no feature;
// - a feature imports another feature only through its entry file, features/<name>/<name>.ts(x)
//   (a named file that says what it exports: no index.ts barrels);
// - the top-level folders (app, components, lib, model, each feature) form no cycle;
// - every dialog is framed by components/DialogFrame.tsx (no other file imports Radix Dialog).
// The checker works on an import list, so the tests below plant violations and see each reported.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;
const source = join(root, 'resources/js');

/** Packages that need a browser or a UI framework: model/ must not import them. */
const FRAMEWORK_PACKAGE = /^(react|react-dom|jotai|sonner|@radix-ui\/[^/]+|@codemirror\/[^/]+|@lezer\/[^/]+|lucide-react|@tanstack\/[^/]+)(\/|$)/;
/** A DOM global used as a value (prose in comments is stripped before this runs). */
const DOM_GLOBAL = /(?<![\w.$])(window|document|localStorage|sessionStorage|navigator|location|HTMLElement|customElements)\s*[.[(]/;

/** Every .ts/.tsx file below resources/js, relative to it. */
function sourceFiles(folder = source) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [relative(source, path)] : [];
  });
}

const withoutComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/[^\n]*/g, '$1');

/** The module specifiers a file imports (static, re-exports, dynamic, side-effect only). */
export function importsOf(text) {
  const code = withoutComments(text);
  const found = [];
  for (const match of code.matchAll(/(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]/g)) found.push(match[1]);
  for (const match of code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(match[1]);
  return found;
}

/** `features/client` for a file below a feature, else its top-level folder (`lib`, `model`, `app`…). */
export function unitOf(path) {
  const parts = path.split('/');
  if (parts[0] === 'features' && parts.length > 2) return `features/${parts[1]}`;
  return parts.length > 1 ? parts[0] : '(root)';
}

/** A feature's entry file: features/<name>/<name>.ts or .tsx. */
const isEntryFile = (path) => /^features\/([^/]+)\/\1\.tsx?$/.test(path);

/**
 * @param {Array<{ file: string, imports: string[], code?: string }>} modules paths relative to resources/js;
 *   relative imports resolved against the file (extensionless, as written), bare ones kept as they are
 * @returns {string[]} one line per violation
 */
export function checkImports(modules) {
  const problems = [];
  const edges = new Map();
  for (const { file, imports, code } of modules) {
    const from = unitOf(file);
    const test = /\.test\.tsx?$/.test(file);
    if (from === 'model' && code && !test) {
      const match = DOM_GLOBAL.exec(withoutComments(code));
      if (match) problems.push(`${file}: model/ uses the DOM global ${match[1]}`);
    }
    for (const specifier of imports) {
      const relativeImport = specifier.startsWith('.');
      const target = relativeImport ? normalize(join(dirname(file), specifier)) : null;
      if (from === 'model') {
        if (!relativeImport) {
          if (FRAMEWORK_PACKAGE.test(specifier)) problems.push(`${file}: model/ imports ${specifier}`);
        } else if (!target.startsWith('model/') && !target.startsWith('../../protocol/') && !test) {
          // A model test may use what calls the model (the app's schema validator, tests/ fixtures): tests never ship.
          problems.push(`${file}: model/ imports ${target}, outside model/ and protocol/`);
        }
      }
      if (!target || target.startsWith('..')) continue;
      const to = unitOf(target);
      if (from === 'lib' && to.startsWith('features/')) problems.push(`${file}: lib/ imports the feature file ${target}`);
      if (from.startsWith('features/') && to.startsWith('features/') && to !== from) {
        const entry = [`${target}.ts`, `${target}.tsx`, target].some(isEntryFile);
        if (!entry) problems.push(`${file}: imports ${target}, an inner file of ${to} (import its entry file ${to}/${to.slice(9)}.ts)`);
      }
      if (to !== from && !test) {
        if (!edges.has(from)) edges.set(from, new Map());
        if (!edges.get(from).has(to)) edges.get(from).set(to, `${file} -> ${target}`);
      }
    }
  }
  for (const cycle of cyclesOf(edges)) problems.push(`cycle between folders: ${cycle.join(' → ')}`);
  return problems;
}

/** Each cycle of the folder graph once, as the folders with the import that makes each step. */
function cyclesOf(edges) {
  const cycles = [];
  const seen = new Set();
  const visit = (unit, path) => {
    for (const [next, example] of edges.get(unit) ?? []) {
      const at = path.findIndex((step) => step.unit === next);
      if (at !== -1) {
        const loop = [...path.slice(at), { unit: next, example }];
        const key = loop.slice(0, -1).map((step) => step.unit).sort().join(',');
        if (!seen.has(key)) {
          seen.add(key);
          cycles.push(loop.slice(1).map((step) => `${step.unit} (${step.example})`).reduce((line, step) => [...line, step], [loop[0].unit]));
        }
        continue;
      }
      if (path.length < 8) visit(next, [...path, { unit: next, example }]);
    }
  };
  for (const unit of edges.keys()) visit(unit, [{ unit, example: '' }]);
  return cycles;
}

function scanned() {
  return sourceFiles().map((file) => {
    const code = readFileSync(join(source, file), 'utf8');
    return { file, imports: importsOf(code), code };
  });
}

/** Files of hooks named in one style, `use-x.ts` (as every other file: kebab case), never `useX.ts`. */
export function camelCaseHookFiles(files) {
  return files.filter((file) => /^use[A-Z]/.test(file.split('/').pop()));
}

/** Files that wire Radix Dialog themselves instead of framing the dialog with components/DialogFrame.tsx. */
export function dialogsOutsideTheFrame(modules) {
  return modules.filter(({ file, imports }) => file !== 'components/DialogFrame.tsx' && !/\.test\.tsx?$/.test(file) && imports.includes('@radix-ui/react-dialog')).map(({ file }) => file);
}

describe('the import rules of resources/js', () => {
  it('name hook files use-x.ts, and report a useX.ts', () => {
    expect(camelCaseHookFiles(sourceFiles())).toEqual([]);
    expect(camelCaseHookFiles(['app/useTheme.ts', 'app/use-theme.ts', 'features/x/user-list.ts'])).toEqual(['app/useTheme.ts']);
  });

  it('frame every dialog with components/DialogFrame.tsx, and report one that wires Radix Dialog itself', () => {
    expect(dialogsOutsideTheFrame(scanned())).toEqual([]);
    expect(dialogsOutsideTheFrame([{ file: 'features/x/XDialog.tsx', imports: ['react', '@radix-ui/react-dialog'] }, { file: 'components/DialogFrame.tsx', imports: ['@radix-ui/react-dialog'] }])).toEqual(['features/x/XDialog.tsx']);
  });

  it('hold for every file', () => {
    expect(checkImports(scanned())).toEqual([]);
  });

  it('reads static, type-only, re-exported, dynamic and side-effect imports, not commented ones', () => {
    const text = `import a from './a';\nimport type { B } from "../b";\nexport { c } from './c';\nconst d = await import('./d');\nimport './e.css';\n// import x from './x';\n/* import y from './y'; */\nimport {\n  f,\n  g,\n} from './fg';`;
    expect(importsOf(text)).toEqual(['./a', '../b', './c', './e.css', './fg', './d']);
  });

  it('reports React, jotai, a DOM global and a feature file imported by model/', () => {
    const problems = checkImports([
      { file: 'model/request/x.ts', imports: ['react', 'jotai/utils', 'ajv', '../../features/client/ui/rows', '../../../../protocol/types', './y'], code: 'export const a = localStorage.getItem("k"); // window.open is prose' },
    ]);
    expect(problems).toEqual([
      'model/request/x.ts: model/ uses the DOM global localStorage',
      'model/request/x.ts: model/ imports react',
      'model/request/x.ts: model/ imports jotai/utils',
      'model/request/x.ts: model/ imports features/client/ui/rows, outside model/ and protocol/',
    ]);
  });

  it('reports lib/ importing a feature, a feature importing an inner file of another, and a cycle', () => {
    const problems = checkImports([
      { file: 'lib/storage.ts', imports: ['../features/workspace/workspace-atoms'] },
      { file: 'features/history/panel.tsx', imports: ['../workspace/settings-rows', '../trace/trace', '../../lib/toast'] },
      { file: 'features/trace/trace.ts', imports: ['../../model/request/url'] },
    ]);
    expect(problems).toEqual([
      'lib/storage.ts: lib/ imports the feature file features/workspace/workspace-atoms',
      'features/history/panel.tsx: imports features/workspace/settings-rows, an inner file of features/workspace (import its entry file features/workspace/workspace.ts)',
    ]);
    const cyclic = checkImports([
      { file: 'features/history/a.ts', imports: ['../trace/trace'] },
      { file: 'features/trace/trace.ts', imports: ['../history/history'] },
      { file: 'features/history/history.ts', imports: [] },
    ]);
    expect(cyclic).toEqual(['cycle between folders: features/history → features/trace (features/history/a.ts -> features/trace/trace) → features/history (features/trace/trace.ts -> features/history/history)']);
  });
});
