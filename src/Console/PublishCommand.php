<?php

namespace Kite\Console;

use Illuminate\Console\Command;
use Kite\Kite;

/** `php artisan kite:publish`: refreshes the published assets after a package update. */
class PublishCommand extends Command
{
    protected $signature = 'kite:publish';

    protected $description = "Refresh Kite's published browser assets";

    public function handle(): int
    {
        $this->callSilent('vendor:publish', ['--tag' => 'kite-assets', '--force' => true]);
        $this->info('Published Kite '.(Kite::publishedBundleVersion() ?? Kite::VERSION).' assets to '.public_path(Kite::ASSETS_PATH).'.');

        return self::SUCCESS;
    }
}
