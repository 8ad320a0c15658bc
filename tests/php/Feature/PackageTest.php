<?php

namespace Kite\Tests\Feature;

use Kite\Kite;
use Kite\KiteServiceProvider;
use Kite\Tests\TestCase;

class PackageTest extends TestCase
{
    public function test_composer_json_declares_php_laravel_versions_autoload_and_the_discovered_provider(): void
    {
        $composer = json_decode(file_get_contents(Kite::packagePath('composer.json')), true, 512, JSON_THROW_ON_ERROR);

        $this->assertSame('^8.1', $composer['require']['php']);
        foreach (['illuminate/support', 'illuminate/routing', 'illuminate/console', 'illuminate/http'] as $package) {
            $this->assertSame('^10.0|^11.0|^12.0', $composer['require'][$package], $package);
        }
        $this->assertSame('src/', $composer['autoload']['psr-4']['Kite\\']);
        $this->assertSame([KiteServiceProvider::class], $composer['extra']['laravel']['providers']);
    }

    public function test_the_package_version_is_the_bundle_version(): void
    {
        $package = json_decode(file_get_contents(Kite::packagePath('package.json')), true);

        $this->assertSame($package['version'], Kite::VERSION);
    }

    public function test_the_config_has_its_defaults_once_merged(): void
    {
        $this->assertTrue(config('kite.enabled'));
        $this->assertSame('http-client', config('kite.path'));
        $this->assertNull(config('kite.domain'));
        $this->assertSame([], config('kite.allowed_hosts'));
        $this->assertSame(['web'], config('kite.middleware'));
        $this->assertSame(['local'], config('kite.environments'));
        $this->assertSame(['api'], config('kite.applications.0.prefixes'));
        $this->assertNull(config('kite.applications.0.base_url'));
        $this->assertFalse((bool) config('kite.impersonation.enabled'));
        $this->assertNull(config('kite.impersonation.guard'));
        $this->assertSame(30, config('kite.relay.timeout'));
        $this->assertSame(100, config('kite.relay.max_body_mb'));
    }

    public function test_every_key_of_the_published_config_has_a_comment_above_it(): void
    {
        $lines = file(Kite::packagePath('stubs/config/kite.php'), FILE_IGNORE_NEW_LINES);
        $keys = 0;
        foreach ($lines as $index => $line) {
            if (preg_match("/^    '([a-z_]+)' =>/", $line, $match) !== 1) {
                continue;
            }
            $keys++;
            $above = trim($lines[$index - 1]);
            $this->assertTrue(str_ends_with($above, '*/') || str_starts_with($above, '//'), "config key '{$match[1]}' has no comment above it");
        }
        $this->assertSame(13, $keys, 'the thirteen top-level keys: enabled, path, domain, allowed_hosts, middleware, environments, applications, global_headers, impersonation, auth, data_pickers, relay, workspace');
    }

    public function test_install_and_publish_commands_and_publish_tags_are_registered(): void
    {
        $commands = array_keys($this->app[\Illuminate\Contracts\Console\Kernel::class]->all());
        $this->assertContains('kite:install', $commands);
        $this->assertContains('kite:publish', $commands);

        $this->assertSame([config_path('kite.php')], array_values(KiteServiceProvider::pathsToPublish(KiteServiceProvider::class, 'kite-config')));
        $this->assertSame([public_path('vendor/kite')], array_values(KiteServiceProvider::pathsToPublish(KiteServiceProvider::class, 'kite-assets')));
        $this->assertSame([public_path('vendor/kite')], array_values(KiteServiceProvider::pathsToPublish(KiteServiceProvider::class, 'laravel-assets')));
    }
}
