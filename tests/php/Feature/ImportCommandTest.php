<?php

namespace Kite\Tests\Feature;

use Kite\Tests\Support\ScratchApp;
use PHPUnit\Framework\TestCase;

/**
 * `php artisan kite:import` on a real Laravel app writes the same workspace files as the Node
 * host's `kite import` of the same Postman collection and environment (written with Postman's own
 * library, tests/fixtures/import/postman.mjs), and never a secret.
 */
class ImportCommandTest extends TestCase
{
    private ScratchApp $app;

    private string $dir;

    protected function setUp(): void
    {
        $this->app = new ScratchApp;
        $this->dir = sys_get_temp_dir().'/kite-import-php-'.bin2hex(random_bytes(4));
        mkdir($this->dir);
        $fixture = 'file://'.self::repo('tests/fixtures/import/postman.mjs');
        $script = "const { shopCollection, shopEnvironment } = await import(process.argv[1]); const { writeFileSync } = await import('node:fs');"
            ." writeFileSync(process.argv[2], JSON.stringify(shopCollection())); writeFileSync(process.argv[3], JSON.stringify(shopEnvironment()));";
        exec(implode(' ', array_map('escapeshellarg', ['node', '--input-type=module', '-e', $script, '--', $fixture, $this->collection(), $this->environment()])).' 2>&1', $output, $code);
        $this->assertSame(0, $code, implode("\n", $output));
    }

    protected function tearDown(): void
    {
        $this->app->remove();
        exec('rm -rf '.escapeshellarg($this->dir));
    }

    private static function repo(string $path): string
    {
        return dirname(__DIR__, 3).'/'.$path;
    }

    private function collection(): string
    {
        return $this->dir.'/shop.postman_collection.json';
    }

    private function environment(): string
    {
        return $this->dir.'/staging.postman_environment.json';
    }

    /** @return array<string, string> every file of a workspace folder by its path in it */
    private static function filesOf(string $workspace): array
    {
        $files = [];
        foreach (['environments', 'requests'] as $kind) {
            foreach (glob("{$workspace}/{$kind}/*.json") ?: [] as $file) {
                $files[$kind.'/'.basename($file)] = (string) file_get_contents($file);
            }
        }
        ksort($files);

        return $files;
    }

    public function test_kite_import_writes_the_files_the_node_import_writes_and_no_secret(): void
    {
        $nodeWorkspace = $this->dir.'/node-workspace';
        exec(implode(' ', array_map('escapeshellarg', ['node', self::repo('bin/kite.mjs'), 'import', $this->collection(), $this->environment(), '--workspace', $nodeWorkspace])).' 2>&1', $nodeOutput, $nodeCode);
        $this->assertSame(0, $nodeCode, implode("\n", $nodeOutput));

        $workspace = $this->dir.'/laravel-workspace';
        [$code, $output] = $this->app->artisan('kite:import '.escapeshellarg($this->collection()).' '.escapeshellarg($this->environment()), ['KITE_WORKSPACE' => $workspace]);
        $this->assertSame(0, $code, $output);
        $this->assertStringContainsString('5 requests, 1 environment', $output);
        $this->assertStringContainsString('shop.postman_collection.json › Purge cache: method PURGE', $output);
        $this->assertStringContainsString('  Shop staging: {{token}}', $output);

        $written = self::filesOf($workspace);
        $this->assertCount(6, $written);
        $this->assertSame(self::filesOf($nodeWorkspace), $written);
        foreach (['sk_live_imported_4242', 'hunter2-imported', 'literal-api-key-123'] as $secret) {
            $this->assertStringNotContainsString($secret, $output.implode('', $written));
        }

        [$again, $kept] = $this->app->artisan('kite:import '.escapeshellarg($this->collection()), ['KITE_WORKSPACE' => $workspace]);
        $this->assertSame(0, $again, $kept);
        $this->assertStringContainsString('exists in the workspace and was not overwritten (pass --overwrite to replace it)', $kept);
    }

    public function test_a_missing_file_is_a_clear_error_with_exit_code_2(): void
    {
        [$code, $output] = $this->app->artisan('kite:import '.escapeshellarg($this->dir.'/missing.json'), ['KITE_WORKSPACE' => $this->dir.'/workspace']);
        $this->assertSame(2, $code, $output);
        $this->assertStringContainsString('kite:import: cannot read '.$this->dir.'/missing.json: no such file or folder', $output);
    }
}
