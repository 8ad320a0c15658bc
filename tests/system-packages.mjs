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
  'php-laravel-framework': '/usr/share/php/Illuminate/Foundation/Application.php',
  // Laravel's HTTP client (relay to other hosts) needs Guzzle; Debian's Laravel does not pull it in.
  'php-guzzlehttp-guzzle': '/usr/share/php/GuzzleHttp/Client.php',
  phpunit: '/usr/bin/phpunit',
};

export function missingSystemPackages() {
  return Object.entries(SYSTEM_PACKAGES)
    .filter(([, probe]) => !existsSync(probe))
    .map(([name]) => name);
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(missingSystemPackages().join(' '));
