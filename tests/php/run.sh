#!/usr/bin/env bash
# Runs the Laravel host's PHPUnit suite on Debian's Laravel 8.83 (the fixture's own wiring) with
# Debian's phpunit 9.6: a quick local check with no app to prepare, not run by npm test or CI, which
# run the suite on Laravel 12 (tests/php/laravel12.mjs). Needs the apt packages php-cli, php-sqlite3,
# php-curl, php-mbstring, php-xml, php-laravel-framework, php-guzzlehttp-guzzle and phpunit.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec phpunit --configuration phpunit.xml "$@"
