// Announcing a lazy chunk's files before it is imported. An `import()` fetches a chunk, parses it,
// and only then asks for the chunks it imports: on a first Send the response viewer's ten shared
// chunks came one round after it, 150-230 ms after the floor on a busy machine (issue 31). A
// module preload of every file at once fetches and compiles them in parallel, off the page's
// thread, and runs none of them: the import then finds them there.
import { kiteConfig } from './config';

/**
 * The files a built chunk list names. build.mjs writes the names (relative to the assets URL,
 * comma-separated) after the `=` of a `kite:chunks:<name>=` marker in the built code; unbuilt code
 * (the unit tests) keeps the bare marker, which names none.
 */
export function builtChunkList(marked: string): string[] {
  return marked.slice(marked.indexOf('=') + 1).split(',').filter(Boolean);
}

const announced = new Set<string>();

/** Adds a module preload for each file not announced yet (files relative to the assets URL). */
export function preloadModules(files: readonly string[], assetsUrl: string = kiteConfig.assetsUrl): void {
  for (const file of files) {
    const href = `${assetsUrl}/${file}`;
    if (announced.has(href)) continue;
    announced.add(href);
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}
