<?php

namespace Kite\Tests\Feature;

use Kite\Kite;
use Kite\Tests\Support\ScratchApp;
use PHPUnit\Framework\TestCase;

class InstallCommandTest extends TestCase
{
    private ScratchApp $app;

    protected function setUp(): void
    {
        $this->app = new ScratchApp;
    }

    protected function tearDown(): void
    {
        $this->app->remove();
    }

    public function test_install_publishes_config_and_assets_and_prints_what_it_did_and_the_url(): void
    {
        [$code, $output] = $this->app->artisan('kite:install', ['APP_URL' => 'http://my-app.test']);

        $this->assertSame(0, $code, $output);
        $this->assertStringContainsString('Publishing Kite configuration...', $output);
        $this->assertStringContainsString('Published config/kite.php.', $output);
        $this->assertStringContainsString('Published the assets to '.substr($this->app->documentRoot(), strlen($this->app->basePath) + 1).'/vendor/kite (version 0.1.0).', $output);
        $this->assertStringContainsString('Kite is installed. Open http://my-app.test/http-client', $output);
        $this->assertFileEquals(Kite::packagePath('stubs/config/kite.php'), $this->app->basePath.'/config/kite.php');
        $this->assertFileEquals(Kite::packagePath('dist/kite.js'), $this->app->documentRoot().'/vendor/kite/kite.js');
        $this->assertFileEquals(Kite::packagePath('dist/manifest.json'), $this->app->documentRoot().'/vendor/kite/manifest.json');
    }

    public function test_installing_twice_keeps_the_users_config_and_refreshes_the_assets(): void
    {
        $this->app->artisan('kite:install');
        $config = $this->app->basePath.'/config/kite.php';
        file_put_contents($config, str_replace("'http-client'", "'my-client'", file_get_contents($config)));
        $asset = $this->app->documentRoot().'/vendor/kite/kite.js';
        file_put_contents($asset, 'stale');

        [$code, $output] = $this->app->artisan('kite:install');

        $this->assertSame(0, $code, $output);
        $this->assertStringContainsString('config/kite.php already exists; left unchanged.', $output);
        $this->assertStringContainsString("'my-client'", file_get_contents($config));
        $this->assertStringContainsString('Open http://localhost/my-client', $output);
        $this->assertFileEquals(Kite::packagePath('dist/kite.js'), $asset);
    }

    public function test_publish_refreshes_stale_assets(): void
    {
        $this->app->artisan('kite:install');
        $asset = $this->app->documentRoot().'/vendor/kite/kite.js';
        file_put_contents($asset, 'stale');

        [$code, $output] = $this->app->artisan('kite:publish');

        $this->assertSame(0, $code, $output);
        $this->assertStringContainsString('Published Kite 0.1.0 assets to', $output);
        $this->assertFileEquals(Kite::packagePath('dist/kite.js'), $asset);
    }
}
