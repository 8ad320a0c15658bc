<?php

namespace Kite\Http\Middleware;

use Closure;
use Illuminate\Http\Request;
use Illuminate\Support\Facades\Gate;

/**
 * Lets a request through when the environment is one of config('kite.environments') or the
 * 'viewKite' gate allows the user; otherwise answers a plain 404, so Kite's URLs do not exist.
 */
class Authorize
{
    public function handle(Request $request, Closure $next)
    {
        if (! self::allows($request)) {
            abort(404);
        }

        return $next($request);
    }

    public static function allows(Request $request): bool
    {
        if (app()->environment((array) config('kite.environments', ['local']))) {
            return true;
        }

        return Gate::forUser($request->user())->allows('viewKite');
    }
}
