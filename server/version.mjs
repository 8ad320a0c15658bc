// @ts-check
// The Node host's own version (package.json), in a module of its own: `kite run` and `--version`
// read it without loading the host.
import { readFileSync } from 'node:fs';

export const HOST_VERSION = /** @type {string} */ (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version);
