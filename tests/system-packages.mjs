// The Debian packages the tests need, and which of them this machine lacks. One list, used by
// `npm test` and by .ci/run.
import { existsSync } from 'node:fs';

/** Debian package → a file that exists once it is installed. */
export const SYSTEM_PACKAGES = {
  chromium: '/usr/bin/chromium',
  'php-cli': '/usr/bin/php',
  'php-sqlite3': '/usr/share/doc/php-sqlite3',
  'php-mbstring': '/usr/share/doc/php-mbstring',
  'php-xml': '/usr/share/doc/php-xml',
  'php-curl': '/usr/share/doc/php-curl',
  // Installs Kite into the Laravel 12 app the Laravel tests run on (tests/php/laravel12.mjs); that
  // app brings its framework, Guzzle and PHPUnit 11 in its vendor/.
  composer: '/usr/bin/composer',
};

export function missingSystemPackages() {
  return Object.entries(SYSTEM_PACKAGES)
    .filter(([, probe]) => !existsSync(probe))
    .map(([name]) => name);
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(missingSystemPackages().join(' '));
