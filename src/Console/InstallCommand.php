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
        $this->line('  Published the assets to '.$this->relative(public_path(Kite::ASSETS_PATH)).' (version '.(Kite::publishedBundleVersion() ?? 'unknown').').');

        $this->info('Kite is installed. Open '.$this->kiteUrl());

        return self::SUCCESS;
    }

    /** Publishes config/kite.php unless it exists: running the command again keeps the user's edits. */
    private function publishConfig(): void
    {
        $path = config_path('kite.php');
        if (is_file($path)) {
            $this->line('  '.$this->relative($path).' already exists; left unchanged.');

            return;
        }
        $this->callSilent('vendor:publish', ['--tag' => 'kite-config']);
        $this->line('  Published '.$this->relative($path).'.');
    }

    private function kiteUrl(): string
    {
        return rtrim((string) config('app.url'), '/').'/'.Kite::path();
    }

    private function relative(string $path): string
    {
        $base = rtrim(base_path(), '/').'/';

        return str_starts_with($path, $base) ? substr($path, strlen($base)) : $path;
    }
}
