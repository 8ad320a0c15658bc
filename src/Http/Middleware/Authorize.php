<?php

namespace Kite\Http\Middleware;

use Closure;
use Illuminate\Http\Request;
use Illuminate\Support\Facades\Gate;
use Kite\Http\TrustedHosts;

/**
 * Lets a request through when the environment is one of config('kite.environments') or the
 * 'viewKite' gate allows the user; otherwise answers a plain 404, so Kite's URLs do not exist.
 * Runs after the 'web' group, which the gate needs (the user comes from the session); Gatekeeper,
 * the first of Kite's middleware, covers what answers before it gets here.
 */
class Authorize
{
    /** The request attribute that records this middleware's decision. */
    public const DECIDED = 'kite.authorized';

    public function handle(Request $request, Closure $next)
    {
        $allowed = self::allows($request);
        $request->attributes->set(self::DECIDED, $allowed);
        if (! $allowed) {
            abort(404);
        }

        return TrustedHosts::refusal($request, self::isApi($request)) ?? $next($request);
    }

    public static function allows(Request $request): bool
    {
        return self::environmentAllows() || Gate::forUser($request->user())->allows('viewKite');
    }

    public static function environmentAllows(): bool
    {
        return app()->environment((array) config('kite.environments', ['local']));
    }

    /** Whether $request is for Kite's API (`{path}/api/…`) rather than its page. */
    public static function isApi(Request $request): bool
    {
        return ! str_starts_with((string) $request->route()?->getName(), 'kite.page');
    }
}
