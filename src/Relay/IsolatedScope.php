<?php

namespace Kite\Relay;

use Closure;
use Illuminate\Contracts\Foundation\Application;
use Illuminate\Support\Facades\Facade;

/**
 * Runs a callback with some of the container's shared services replaced, and puts every one of
 * them back afterwards (also when the callback throws). The relay uses it so that a request
 * dispatched in-process gets its own session, guards, cookie jar and redirector, and the user's
 * own request (the relay call) finds its state untouched when the relayed request is done.
 */
final class IsolatedScope
{
    /** Shared services a request dispatched through the HTTP kernel reads or changes. */
    public const SERVICES = ['request', 'session', 'session.store', \Illuminate\Session\Middleware\StartSession::class, 'auth', 'auth.driver', 'cookie', 'redirect'];

    public function __construct(private Application $app)
    {
    }

    /**
     * @param  array<string, object|null>  $replacements  service => instance, null to forget it
     *                                                    (it is rebuilt on first use inside)
     */
    public function run(array $replacements, Closure $callback): mixed
    {
        $saved = [];
        foreach (self::SERVICES as $service) {
            $saved[$service] = $this->instance($service);
        }
        $router = $this->app['router'];
        $routerState = (fn () => [$this->current, $this->currentRequest])->call($router);
        $defaultGuard = $this->app['config']->get('auth.defaults.guard');

        try {
            foreach (self::SERVICES as $service) {
                if (array_key_exists($service, $replacements) && $replacements[$service] !== null) {
                    $this->app->instance($service, $replacements[$service]);
                } elseif ($service !== 'request') {
                    $this->app->forgetInstance($service);
                }
            }
            Facade::clearResolvedInstances();

            return $callback();
        } finally {
            $this->app['config']->set('auth.defaults.guard', $defaultGuard);
            foreach (self::SERVICES as $service) {
                if ($saved[$service] !== null) {
                    $this->app->instance($service, $saved[$service]);
                } else {
                    $this->app->forgetInstance($service);
                }
            }
            (function (array $state) {
                [$this->current, $this->currentRequest] = $state;
            })->call($router, $routerState);
            Facade::clearResolvedInstances();
        }
    }

    /** The shared instance of a service, or null when it has not been built yet. */
    private function instance(string $service): ?object
    {
        return (fn (string $key) => $this->instances[$key] ?? null)->call($this->app, $service);
    }
}
