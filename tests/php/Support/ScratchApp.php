<?php

namespace Kite\Tests\Support;

/**
 * A scratch copy of the fixture's base directory (config/ and storage/) in the temp folder, for
 * tests that run `artisan` or `php -S` as separate processes and write files.
 */
final class ScratchApp
{
    public readonly string $basePath;

    public function __construct(array $extraConfig = [])
    {
        $this->basePath = sys_get_temp_dir().'/kite-fixture-'.bin2hex(random_bytes(4));
        mkdir($this->basePath.'/config', 0777, true);
        foreach (glob(self::fixturePath('config/*.php')) as $file) {
            copy($file, $this->basePath.'/config/'.basename($file));
        }
        foreach ($extraConfig as $name => $php) {
            file_put_contents($this->basePath.'/config/'.$name.'.php', $php);
        }
    }

    public static function fixturePath(string $path = ''): string
    {
        return dirname(__DIR__).'/fixture'.($path === '' ? '' : '/'.$path);
    }

    public function env(array $extra = []): array
    {
        return array_merge(getenv(), ['KITE_FIXTURE_BASE_PATH' => $this->basePath, 'APP_ENV' => 'local', 'DB_DATABASE' => $this->basePath.'/storage/database.sqlite', 'SESSION_DRIVER' => 'file'], $extra);
    }

    /** @return array{0: int, 1: string} exit code and output */
    public function artisan(string $arguments, array $env = []): array
    {
        $process = proc_open(PHP_BINARY.' '.escapeshellarg(self::fixturePath('artisan')).' '.$arguments.' 2>&1', [1 => ['pipe', 'w']], $pipes, null, $this->env($env));
        $output = stream_get_contents($pipes[1]);
        fclose($pipes[1]);

        return [proc_close($process), $output];
    }

    public function remove(): void
    {
        exec('rm -rf '.escapeshellarg($this->basePath));
    }
}
