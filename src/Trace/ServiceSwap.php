<?php

namespace Kite\Trace;

use Illuminate\Contracts\Foundation\Application;
use Illuminate\Support\Facades\Facade;

/**
 * Puts an object in place of one of the app's services for a relayed call (the container's instance
 * and its facade), then puts back exactly what was there: the instance it had, or none.
 */
final class ServiceSwap
{
    private ?object $previous = null;

    private bool $swapped = false;

    public function __construct(private Application $app, private string $service)
    {
    }

    /** The instance the container holds for the service now, without resolving it. */
    public static function instance(Application $app, string $service): ?object
    {
        return (fn (string $key) => $this->instances[$key] ?? null)->call($app, $service);
    }

    public function swap(object $with): void
    {
        if (! $this->swapped) {
            $this->previous = self::instance($this->app, $this->service);
            $this->swapped = true;
        }
        $this->app->instance($this->service, $with);
        Facade::clearResolvedInstance($this->service);
    }

    public function restore(): void
    {
        if (! $this->swapped) {
            return;
        }
        $this->swapped = false;
        if ($this->previous !== null) {
            $this->app->instance($this->service, $this->previous);
        } else {
            $this->app->forgetInstance($this->service);
        }
        $this->previous = null;
        Facade::clearResolvedInstance($this->service);
    }
}
