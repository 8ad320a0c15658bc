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

    public function test_install_on_the_slim_skeleton_says_where_middleware_routes_and_the_gate_go(): void
    {
        [$code, $output] = $this->app->artisan('kite:install');

        $this->assertSame(0, $code, $output);
        $this->assertStringContainsString('No app/Http/Kernel.php: this app sets its middleware and routes in bootstrap/app.php (Laravel 11+).', $output);
        $this->assertStringContainsString("Outside the local environment, say who may open Kite in app/Providers/AppServiceProvider.php's boot(): Gate::define('viewKite', fn (\$user) => \$user->is_admin);", $output);
        $this->assertStringNotContainsString('No route of this app', $output, 'the routes of routes/api.php are found');
    }

    public function test_install_with_an_http_kernel_says_nothing_of_the_slim_skeleton(): void
    {
        is_dir($this->app->basePath.'/app/Http') || mkdir($this->app->basePath.'/app/Http', 0777, true);
        file_put_contents($this->app->basePath.'/app/Http/Kernel.php', "<?php\n");

        [$code, $output] = $this->app->artisan('kite:install');

        $this->assertSame(0, $code, $output);
        $this->assertStringNotContainsString('Kernel.php', $output);
        $this->assertStringNotContainsString('AppServiceProvider', $output);
    }

    public function test_install_says_when_no_route_is_under_the_prefixes_kite_lists(): void
    {
        $this->app->remove();
        $stub = var_export(Kite::packagePath('stubs/config/kite.php'), true);
        $this->app = new ScratchApp(['kite' => "<?php\n\$config = require {$stub};\n\$config['applications'][0]['prefixes'] = ['v9'];\nreturn \$config;\n"]);

        [$code, $output] = $this->app->artisan('kite:install');

        $this->assertSame(0, $code, $output);
        $this->assertStringContainsString("No route of this app is under v9/ yet, and Kite lists only those: add routes/api.php (`php artisan install:api` on Laravel 11+), or name your own prefixes in config/kite.php ('applications' => 'prefixes').", $output);
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
