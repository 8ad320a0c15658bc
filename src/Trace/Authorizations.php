<?php

namespace Kite\Trace;

use Illuminate\Auth\Access\Events\GateEvaluated;
use Illuminate\Auth\Access\Response;
use Illuminate\Contracts\Auth\Access\Gate;
use Illuminate\Database\Eloquent\Model;
use Illuminate\Routing\MiddlewareNameResolver;
use Illuminate\Routing\Route;
use Illuminate\Routing\Router;
use Illuminate\Support\Str;
use Throwable;

/**
 * "Why the app said no": each gate and policy check of a relayed call (GateEvaluated), and the route
 * middleware whose exception refused it (auth, can:…, verified, throttle:…), named as the route
 * names it.
 *
 * @internal
 */
final class Authorizations
{
    /** One check: ability, the policy and method that answered, user, arguments, result, where. */
    public static function describe(GateEvaluated $event, Source $source, array $backtrace): array
    {
        $arguments = is_array($event->arguments) ? array_values($event->arguments) : [$event->arguments];
        $result = $event->result;
        $allowed = $result instanceof Response ? $result->allowed() : $result === true;
        $entry = ['ability' => (string) $event->ability];
        [$policy, $method] = self::policy((string) $event->ability, $arguments[0] ?? null);
        if ($policy !== null) {
            $entry['policy'] = $policy;
            $entry['method'] = $method;
        }
        if ($event->user !== null) {
            $entry['user'] = self::describeValue($event->user);
        }
        $entry['arguments'] = array_map(self::describeValue(...), $arguments);
        $entry['allowed'] = $allowed;
        if ($result instanceof Response && ! $allowed && is_string($result->message()) && $result->message() !== '') {
            $entry['message'] = $result->message();
        }

        return $entry + (self::madeInMiddleware($backtrace, $source) ? [] : $source->caller($backtrace, 0));
    }

    /**
     * Whether route middleware (`can:…`) made the check: a middleware frame comes before any frame of
     * the app's own code, whose first frame would then be public/index.php, which says nothing.
     */
    private static function madeInMiddleware(array $backtrace, Source $source): bool
    {
        foreach ($backtrace as $frame) {
            if (isset($frame['file']) && $source->isApp($frame['file'])) {
                return false;
            }
            if (str_contains($frame['class'] ?? '', '\\Middleware\\')) {
                return true;
            }
        }

        return false;
    }

    /**
     * The route middleware an exception came from, as the route names it, or null when it came from
     * elsewhere (the action, a controller's authorize()).
     */
    public static function refusal(mixed $request, Throwable $exception, int $status): ?array
    {
        $route = is_object($request) && method_exists($request, 'route') ? $request->route() : null;
        if (! $route instanceof Route || ! app()->bound('router')) {
            return null;
        }
        $names = self::middlewareNames($route, app('router'));
        // Innermost frame first: the first middleware met threw; reaching the route's action first
        // means the action threw (every middleware around it is on the stack too).
        foreach ($exception->getTrace() as $frame) {
            $class = $frame['class'] ?? null;
            if (! is_string($class)) {
                continue;
            }
            if (is_a($class, Route::class, true) || str_ends_with($class, 'Dispatcher') && str_starts_with($class, 'Illuminate\\Routing\\')) {
                return null;
            }
            foreach ($names as [$middleware, $name]) {
                // A backtrace names the class that declares the method: an app's middleware that
                // extends the framework's shows as the framework's.
                if (is_a($middleware, $class, true)) {
                    return ['middleware' => $name, 'status' => $status, 'message' => $exception->getMessage() !== '' ? $exception->getMessage() : 'Refused'];
                }
            }
        }

        return null;
    }

    /** @return list<array{0: class-string, 1: string}> each route middleware's class and the name the route gives it */
    private static function middlewareNames(Route $route, Router $router): array
    {
        $names = [];
        foreach ($route->gatherMiddleware() as $name) {
            if (! is_string($name)) {
                continue;
            }
            $resolvedAll = MiddlewareNameResolver::resolve($name, $router->getMiddleware(), $router->getMiddlewareGroups());
            foreach ((array) $resolvedAll as $resolved) {
                $class = is_string($resolved) ? Str::before($resolved, ':') : null;
                if ($class === null || ! class_exists($class)) {
                    continue;
                }
                // A group's members are named by class and parameters (ThrottleRequests:api), others as the route writes them.
                $names[] = [$class, is_array($resolvedAll) ? class_basename($class).(str_contains($resolved, ':') ? ':'.Str::after($resolved, ':') : '') : $name];
            }
        }

        return $names;
    }

    /** @return array{0: ?string, 1: ?string} the policy class and method that answer this check */
    private static function policy(string $ability, mixed $first): array
    {
        if (! is_object($first) && ! (is_string($first) && class_exists($first))) {
            return [null, null];
        }
        try {
            $policy = app(Gate::class)->getPolicyFor($first);
        } catch (Throwable) {
            return [null, null];
        }
        $method = str_contains($ability, '-') ? Str::camel($ability) : $ability;

        return $policy !== null && method_exists($policy, $method) ? [get_class($policy), $method] : [null, null];
    }

    private static function describeValue(mixed $value): string
    {
        if ($value instanceof Model) {
            $key = $value->getKey();

            return get_class($value).($key !== null && is_scalar($key) ? '#'.$key : '');
        }
        if (is_object($value) && method_exists($value, 'getAuthIdentifier')) {
            $key = $value->getAuthIdentifier();

            return get_class($value).(is_scalar($key) ? '#'.$key : '');
        }
        if (is_string($value) && class_exists($value)) {
            return $value;
        }

        return get_debug_type($value);
    }
}
