#!/usr/bin/env bash
# Runs the Laravel host's PHPUnit suite with Debian's phpunit; exits non-zero on any failure.
# Needs the apt packages php-cli, php-sqlite3, php-curl, php-mbstring, php-xml,
# php-laravel-framework, php-guzzlehttp-guzzle and phpunit.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec phpunit --configuration phpunit.xml "$@"
