<?php

namespace Kite\Console;

use Illuminate\Console\Command;
use Kite\Kite;
use Kite\Routes\RouteCatalog;

/** `php artisan kite:install`: publishes the config (once) and the assets, then says where Kite is. */
class InstallCommand extends Command
{
    protected $signature = 'kite:install';

    protected $description = 'Install Kite: publish its config file and its browser assets';

    public function handle(): int
    {
        $this->comment('Publishing Kite configuration...');
        $this->publishConfig();

        $this->comment('Publishing Kite assets...');
        $this->callSilent('vendor:publish', ['--tag' => 'kite-assets', '--force' => true]);
        $this->line('  Published the assets to '.Kite::relativeToBasePath(public_path(Kite::ASSETS_PATH)).' (version '.(Kite::publishedBundleVersion() ?? 'unknown').').');

        $this->explainMissingRoutes();
        $this->explainSlimSkeleton();

        $this->info('Kite is installed. Open '.$this->kiteUrl());

        return self::SUCCESS;
    }

    /** Publishes config/kite.php unless it exists: running the command again keeps the user's edits. */
    private function publishConfig(): void
    {
        $path = config_path('kite.php');
        if (is_file($path)) {
            $this->line('  '.Kite::relativeToBasePath($path).' already exists; left unchanged.');

            return;
        }
        $this->callSilent('vendor:publish', ['--tag' => 'kite-config']);
        $this->line('  Published '.Kite::relativeToBasePath($path).'.');
    }

    /** Kite lists only the routes under each application's prefixes: says so when none is there yet. */
    private function explainMissingRoutes(): void
    {
        $catalog = $this->laravel->make(RouteCatalog::class);
        foreach (Kite::applications() as $application) {
            if ($application['baseUrl'] !== null || $catalog->hasRoutesUnder($application['prefixes'])) {
                continue;
            }
            $prefixes = implode(', ', array_map(static fn ($prefix) => $prefix.'/', $application['prefixes']));
            $this->warn("  No route of this app is under {$prefixes} yet, and Kite lists only those: add routes/api.php (`php artisan install:api` on Laravel 11+), or name your own prefixes in config/kite.php ('applications' => 'prefixes').");
        }
    }

    /**
     * Laravel 11+'s slim skeleton has no HTTP kernel and no AuthServiceProvider: says where its
     * middleware, routes and the gate go instead.
     */
    private function explainSlimSkeleton(): void
    {
        if (is_file(app_path('Http/Kernel.php'))) {
            return;
        }
        $this->line('  No app/Http/Kernel.php: this app sets its middleware and routes in bootstrap/app.php (Laravel 11+). Kite uses its `web` middleware group and lists the routes withRouting() loads (routes/api.php as api/).');
        $this->line("  Outside the local environment, say who may open Kite in app/Providers/AppServiceProvider.php's boot(): Gate::define('viewKite', fn (\$user) => \$user->is_admin);");
    }

    private function kiteUrl(): string
    {
        return rtrim((string) config('app.url'), '/').'/'.Kite::path();
    }
}
