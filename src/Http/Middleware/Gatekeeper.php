<?php

namespace Kite\Http\Middleware;

use Closure;
use Illuminate\Http\Request;
use Kite\Http\TrustedHosts;

/**
 * The first of Kite's middleware. Where anyone may open Kite, it refuses a foreign Host or Origin
 * (TrustedHosts) before the session starts. Elsewhere the 'viewKite' gate needs the session, so
 * Authorize decides after the 'web' group; when a layer before it answered first (the app's CSRF
 * check with a 419), the gate is asked here afterwards, so that to everyone it refuses, every
 * method on every Kite URL is a plain 404.
 */
class Gatekeeper
{
    public function handle(Request $request, Closure $next)
    {
        if (Authorize::environmentAllows()) {
            return TrustedHosts::refusal($request, Authorize::isApi($request)) ?? $next($request);
        }

        $response = $next($request);
        if ($request->attributes->has(Authorize::DECIDED)) {
            return $response;
        }
        if (! Authorize::allows($request)) {
            abort(404);
        }

        return TrustedHosts::refusal($request, Authorize::isApi($request)) ?? $response;
    }
}
