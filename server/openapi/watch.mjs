// @ts-check
// Watches OpenAPI files for edits. Each file's folder is watched rather than the file itself:
// editors that save by writing a new file and renaming it over the old one (vim, JetBrains, many
// formatters) replace the inode a file watch holds, after which it would report nothing.
import { watch } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';

export const WATCH_DEBOUNCE_MS = 200;

/**
 * Calls `onChange(file)` once per burst of changes to a file (a save is often several events).
 * @param {string[]} files
 * @param {(file: string) => void} onChange
 * @param {{ debounceMs?: number; log?: (line: string) => void }} [options]
 * @returns {() => void} stops watching
 */
export function watchFiles(files, onChange, options = {}) {
  const debounceMs = options.debounceMs ?? WATCH_DEBOUNCE_MS;
  const log = options.log ?? ((line) => console.warn(line));
  /** @type {Map<string, string[]>} folder → the watched files' names in it, as given */
  const byFolder = new Map();
  for (const file of files) {
    const folder = dirname(resolve(file));
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), file]);
  }
  /** @type {Map<string, ReturnType<typeof setTimeout>>} */
  const timers = new Map();
  /** @type {import('node:fs').FSWatcher[]} */
  const watchers = [];
  for (const [folder, inFolder] of byFolder) {
    try {
      const watcher = watch(folder, { persistent: false }, (_event, name) => {
        // Some platforms omit the name; then any watched file in the folder may have changed.
        const changed = name ? inFolder.filter((file) => basename(file) === String(name)) : inFolder;
        for (const file of changed) {
          clearTimeout(timers.get(file));
          timers.set(
            file,
            setTimeout(() => {
              timers.delete(file);
              onChange(file);
            }, debounceMs),
          );
        }
      });
      watcher.on('error', (error) => log(`kite: stopped watching ${folder} for changes: ${error.message}`));
      watchers.push(watcher);
    } catch (error) {
      log(`kite: cannot watch ${folder} for changes (${error instanceof Error ? error.message : String(error)}); restart kite after editing ${inFolder.join(', ')}`);
    }
  }
  return () => {
    for (const watcher of watchers) watcher.close();
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
  };
}
