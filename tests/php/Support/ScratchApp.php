<?php

namespace Kite\Tests\Support;

/**
 * A scratch copy of the application under test, before `kite:install` (no config/kite.php, no
 * published assets), in the temp folder, for tests that run `artisan` or `php -S` as separate
 * processes and write files. On Laravel 12 (KITE_LARAVEL_APP, tests/php/laravel12.mjs) it is the
 * prepared app's files with its vendor/ linked; on Debian's Laravel 8 it is the fixture's config/ and
 * a storage/ of its own (KITE_FIXTURE_BASE_PATH).
 */
final class ScratchApp
{
    public readonly string $basePath;

    public function __construct(array $extraConfig = [])
    {
        $this->basePath = sys_get_temp_dir().'/kite-fixture-'.bin2hex(random_bytes(4));
        $laravelApp = self::laravelApp();
        if ($laravelApp !== null) {
            mkdir($this->basePath);
            foreach (scandir($laravelApp) as $entry) {
                if ($entry === '.' || $entry === '..' || $entry === 'offline-repo') {
                    continue;
                }
                $entry === 'vendor'
                    ? symlink($laravelApp.'/vendor', $this->basePath.'/vendor')
                    : exec('cp -a '.escapeshellarg($laravelApp.'/'.$entry).' '.escapeshellarg($this->basePath.'/'));
            }
            exec('rm -rf '.escapeshellarg($this->basePath.'/config/kite.php').' '.escapeshellarg($this->documentRoot().'/vendor/kite'));
            touch($this->basePath.'/storage/database.sqlite');
        } else {
            mkdir($this->basePath.'/config', 0777, true);
            foreach (glob(self::fixturePath('config/*.php')) as $file) {
                copy($file, $this->basePath.'/config/'.basename($file));
            }
        }
        foreach ($extraConfig as $name => $php) {
            file_put_contents($this->basePath.'/config/'.$name.'.php', $php);
        }
    }

    /** The prepared Laravel 12 app the tests run on, or null on Debian's Laravel 8 fixture. */
    public static function laravelApp(): ?string
    {
        return getenv('KITE_LARAVEL_APP') ?: null;
    }

    public static function fixturePath(string $path = ''): string
    {
        return dirname(__DIR__).'/fixture'.($path === '' ? '' : '/'.$path);
    }

    /** The app's public folder, where kite:install publishes the assets and `php -S -t` points. */
    public function documentRoot(): string
    {
        return $this->basePath.(self::laravelApp() !== null ? '/public' : '/storage/public');
    }

    /** The router script for `php -S`: Laravel's own (as `php artisan serve` uses), or the fixture's. */
    public function router(): string
    {
        return self::laravelApp() !== null
            ? $this->basePath.'/vendor/laravel/framework/src/Illuminate/Foundation/resources/server.php'
            : self::fixturePath('server.php');
    }

    public function env(array $extra = []): array
    {
        return array_merge(getenv(), ['KITE_FIXTURE_BASE_PATH' => $this->basePath, 'APP_ENV' => 'local', 'DB_DATABASE' => $this->basePath.'/storage/database.sqlite', 'SESSION_DRIVER' => 'file'], $extra);
    }

    /** @return array{0: int, 1: string} exit code and output */
    public function artisan(string $arguments, array $env = []): array
    {
        $artisan = self::laravelApp() !== null ? $this->basePath.'/artisan' : self::fixturePath('artisan');
        $process = proc_open(PHP_BINARY.' '.escapeshellarg($artisan).' '.$arguments.' 2>&1', [1 => ['pipe', 'w']], $pipes, $this->basePath, $this->env($env));
        $output = stream_get_contents($pipes[1]);
        fclose($pipes[1]);

        return [proc_close($process), $output];
    }

    public function remove(): void
    {
        exec('rm -rf '.escapeshellarg($this->basePath));
    }
}
