<?php

namespace Kite\Auth;

use Illuminate\Auth\Middleware\Authenticate;
use Illuminate\Contracts\Auth\Authenticatable;
use Illuminate\Contracts\Foundation\Application;
use Illuminate\Http\Request;
use Kite\Relay\Cookies;
use Kite\Relay\RelayCall;
use Kite\Relay\RelayError;
use Kite\Relay\RelayResult;
use Kite\Relay\TargetUrl;

/**
 * How one relayed call reaches its route as a user: the guards the route's middleware names
 * (`auth:sanctum`, `auth:api`, `auth` = the default guard), each served by the session login of the
 * in-process relay (a session guard) or by the injector config/kite.php maps to the guard's name or
 * driver (auth.injectors.guards); the first guard that can be served is (as Laravel's Authenticate
 * accepts the first guard that authenticates). Injectors mapped to the route's middleware
 * (auth.injectors.middleware, e.g. `web` → CSRF) run for every call to the route.
 */
final class Injection
{
    /**
     * @param  list<array{0: Injector, 1: OutgoingRequest}>  $injected
     * @param  ?string  $sessionGuard  the session guard the in-process relay logs the user in with, when the route names one
     */
    private function __construct(private array $injected, private ?string $sessionGuard)
    {
    }

    public static function none(): self
    {
        return new self([], null);
    }

    /** The session guard of the route the in-process relay logs the user in with; null: the configured one. */
    public function sessionGuard(): ?string
    {
        return $this->sessionGuard;
    }

    /**
     * The path in this application that a URL outside the in-process relay reaches, when it lies
     * under one of auth.self_urls (where this same application answers); null for any other URL.
     */
    public static function selfPath(string $url): ?string
    {
        foreach ((array) config('kite.auth.self_urls', []) as $self) {
            $path = TargetUrl::pathUnder($url, rtrim((string) $self, '/'));
            if ($path !== null) {
                return $path;
            }
        }

        return null;
    }

    /**
     * Runs the injectors for a call to $path in this application (in-process, or over HTTP when
     * $external). When the user cannot be carried to any of the route's guards, $required (an
     * impersonation) makes that a 422 naming the injector to configure; otherwise the call goes as it is.
     *
     * @throws RelayError
     */
    public static function prepare(Application $app, RelayCall $call, string $path, bool $external, ?Authenticatable $user, bool $required): self
    {
        $middleware = self::routeMiddleware($app, $path, $call->method);
        $request = static fn (?string $guard) => new OutgoingRequest($call->method, $path, $external, $middleware, $guard, $call->headers, Cookies::encrypterOf($app));
        $injection = new self([], null);
        try {
            if ($user !== null) {
                $injection->serveGuards($app, $user, $middleware, $external, $request, $required);
            }
            $configured = (array) config('kite.auth.injectors.middleware', []);
            foreach ($middleware as $name) {
                if (isset($configured[$name])) {
                    // A middleware injector that cannot serve leaves the call as it is: the route answers for itself.
                    $injection->tryInject($app, $configured[$name], $user, $request(null));
                }
            }
        } catch (\Throwable $error) {
            $injection->after();
            throw $error;
        }

        return $injection;
    }

    /**
     * @param  list<string>  $middleware
     * @param  \Closure(?string): OutgoingRequest  $request
     *
     * @throws RelayError
     */
    private function serveGuards(Application $app, Authenticatable $user, array $middleware, bool $external, \Closure $request, bool $required): void
    {
        $named = self::guardsOf($middleware);
        $guards = $named ?? [config('kite.impersonation.guard') ?: config('auth.defaults.guard')];
        $configured = (array) config('kite.auth.injectors.guards', []);
        $reasons = [];
        foreach ($guards as $guard) {
            $driver = (string) config("auth.guards.{$guard}.driver");
            if (! $external && $driver === 'session') {
                // The in-process relay logs the user in on this guard (InProcessDispatcher).
                $this->sessionGuard = $named === null ? null : $guard;

                return;
            }
            $class = $configured[$guard] ?? $configured[$driver] ?? null;
            if ($class === null) {
                $reasons[] = "no injector is configured for the guard '{$guard}' (driver '{$driver}')";
                continue;
            }
            $reason = $this->tryInject($app, $class, $user, $request($guard));
            if ($reason === null) {
                return;
            }
            $reasons[] = "{$class}: {$reason}";
        }
        if ($required) {
            throw new RelayError(422, 'IMPERSONATION_UNAVAILABLE', 'Kite cannot send this request as the user to '.$request(null)->path.' ('.implode('; ', $reasons).'). Map the guard to an injector under auth.injectors.guards in config/kite.php (see the README\'s "Laravel: guards and auth injectors").', 'authorization.type');
        }
    }

    /** @return ?string null when injected, else why not */
    private function tryInject(Application $app, string $class, ?Authenticatable $user, OutgoingRequest $request): ?string
    {
        $injector = $app->make($class);
        if (! $injector instanceof Injector) {
            return "{$class} does not implement ".Injector::class;
        }
        try {
            $injector->inject($user, $request);
        } catch (InjectorUnavailable $unavailable) {
            $injector->after();

            return $unavailable->getMessage();
        }
        $this->injected[] = [$injector, $request];

        return null;
    }

    /**
     * The guards the route's auth middleware names, in order (`auth` alone: the default guard);
     * null when it has none.
     *
     * @param  list<string>  $middleware
     * @return ?list<string>
     */
    private static function guardsOf(array $middleware): ?array
    {
        $guards = null;
        foreach ($middleware as $name) {
            [$alias, $parameters] = array_pad(explode(':', $name, 2), 2, null);
            if ($alias !== 'auth' && ! is_a($alias, Authenticate::class, true)) {
                continue;
            }
            $listed = $parameters === null || $parameters === '' ? [config('auth.defaults.guard')] : explode(',', $parameters);
            $guards = array_values(array_unique(array_merge($guards ?? [], array_map('trim', $listed))));
        }

        return $guards;
    }

    /** @return list<string> the middleware of the route $path matches, as declared; none when no route does */
    private static function routeMiddleware(Application $app, string $path, string $method): array
    {
        try {
            $route = $app['router']->getRoutes()->match(Request::create($path, $method));
        } catch (\Throwable) {
            return [];
        }

        return array_values(array_filter($route->gatherMiddleware(), 'is_string'));
    }

    /** The call with what the injectors added: their headers set, their cookies added to its Cookie header. */
    public function applyTo(RelayCall $call): RelayCall
    {
        foreach ($this->injected as [, $request]) {
            foreach ($request->addedHeaders() as $name => $value) {
                $call = $call->withHeader($name, $value);
            }
            $cookies = $request->addedCookieHeader();
            if ($cookies !== '') {
                $typed = $call->header('Cookie');
                $call = $call->withHeader('Cookie', $typed === null || $typed === '' ? $cookies : $typed.'; '.$cookies);
            }
        }

        return $call;
    }

    /**
     * Over HTTP the app keeps the session it opened for the call (a guard that logged the user in
     * from the remember-me cookie moved it to a new id): destroyed once answered, so the session
     * cookie in the answer that reaches the browser is worth nothing.
     */
    public function closeSessionOpenedFor(RelayResult $result, Application $app): RelayResult
    {
        if ($this->injected === []) {
            return $result;
        }
        $name = (string) config('session.cookie');
        $reader = new Cookies(Cookies::encrypterOf($app));
        foreach ($result->cookies as $cookie) {
            $id = $cookie['name'] === $name ? $reader->decrypt($name, (string) $cookie['value']) : null;
            if ($id !== null && $id !== '') {
                $app['session']->driver()->getHandler()->destroy($id);
            }
        }

        return $result;
    }

    /** Each injector's clean-up (revoking tokens, clearing sessions), all of them even when one fails. */
    public function after(): void
    {
        $injected = $this->injected;
        $this->injected = [];
        $failure = null;
        foreach ($injected as [$injector]) {
            try {
                $injector->after();
            } catch (\Throwable $error) {
                $failure ??= $error;
            }
        }
        if ($failure !== null) {
            throw $failure;
        }
    }
}
