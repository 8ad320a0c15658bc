<?php

namespace Kite\Relay;

use Illuminate\Contracts\Foundation\Application;
use Illuminate\Support\Facades\Facade;

/**
 * Replaces some of the container's shared services for a relayed call, and puts every one of them
 * back afterwards (InProcessDispatcher leaves it in a `finally`). The relay uses it so that a request
 * dispatched in-process gets its own session, guards, cookie jar and redirector, and the user's
 * own request (the relay call) finds its state untouched when the relayed request is done.
 *
 * A streamed answer runs the app's code twice: the kernel builds the response inside the relay
 * controller, and its callback runs later, while the relay's own answer is sent. Between the two
 * the scope is suspended (the relay call's services are back, the call's own are kept aside) and
 * resumed for the callback: enter(), suspend(), resume(), leave().
 */
final class IsolatedScope
{
    /** Shared services a request dispatched through the HTTP kernel reads or changes. */
    public const SERVICES = ['request', 'session', 'session.store', \Illuminate\Session\Middleware\StartSession::class, 'auth', 'auth.driver', 'cookie', 'redirect'];

    /** The relay call's own state while the scope is entered. */
    private ?array $outer = null;

    /** The relayed call's state while the scope is suspended. */
    private ?array $inner = null;

    public function __construct(private Application $app)
    {
    }

    /**
     * @param  array<string, object|null>  $replacements  service => instance, null to forget it
     *                                                    (it is rebuilt on first use inside)
     */
    public function enter(array $replacements): void
    {
        $this->outer = $this->snapshot();
        $this->inner = null;
        foreach (self::SERVICES as $service) {
            if (array_key_exists($service, $replacements) && $replacements[$service] !== null) {
                $this->app->instance($service, $replacements[$service]);
            } elseif ($service !== 'request') {
                $this->app->forgetInstance($service);
            }
        }
        Facade::clearResolvedInstances();
    }

    /** Puts the relay call's services back and keeps the relayed call's aside for resume(). */
    public function suspend(): void
    {
        if ($this->outer === null || $this->inner !== null) {
            return;
        }
        $this->inner = $this->snapshot();
        $this->restore($this->outer);
    }

    /** Brings the relayed call's services back, as suspend() left them. */
    public function resume(): void
    {
        if ($this->inner === null) {
            return;
        }
        $this->outer = $this->snapshot();
        $this->restore($this->inner);
        $this->inner = null;
    }

    /** Puts the relay call's services back for good (also when suspended: then nothing changes). */
    public function leave(): void
    {
        if ($this->outer === null) {
            return;
        }
        if ($this->inner === null) {
            $this->restore($this->outer);
        }
        $this->outer = null;
        $this->inner = null;
    }

    /** @return array{services: array<string, ?object>, router: array, guard: mixed} */
    private function snapshot(): array
    {
        $services = [];
        foreach (self::SERVICES as $service) {
            $services[$service] = $this->instance($service);
        }

        return [
            'services' => $services,
            'router' => (fn () => [$this->current, $this->currentRequest])->call($this->app['router']),
            'guard' => $this->app['config']->get('auth.defaults.guard'),
        ];
    }

    private function restore(array $state): void
    {
        $this->app['config']->set('auth.defaults.guard', $state['guard']);
        foreach ($state['services'] as $service => $instance) {
            if ($instance !== null) {
                $this->app->instance($service, $instance);
            } else {
                $this->app->forgetInstance($service);
            }
        }
        (function (array $router) {
            [$this->current, $this->currentRequest] = $router;
        })->call($this->app['router'], $state['router']);
        Facade::clearResolvedInstances();
    }

    /** The shared instance of a service, or null when it has not been built yet. */
    private function instance(string $service): ?object
    {
        return (fn (string $key) => $this->instances[$key] ?? null)->call($this->app, $service);
    }
}
