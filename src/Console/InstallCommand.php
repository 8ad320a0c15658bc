<?php

namespace Kite\Console;

use Illuminate\Console\Command;
use Kite\Kite;

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

    private function kiteUrl(): string
    {
        return rtrim((string) config('app.url'), '/').'/'.Kite::path();
    }
}
