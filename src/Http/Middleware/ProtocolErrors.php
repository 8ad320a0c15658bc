<?php

namespace Kite\Http\Middleware;

use Closure;
use Illuminate\Http\Request;
use Kite\Http\ErrorResponse;

/**
 * Gives the app's own CSRF failure on Kite's API (its 419 page) the protocol's error body, so the
 * browser app can tell the user what happened.
 */
class ProtocolErrors
{
    public function handle(Request $request, Closure $next)
    {
        $response = $next($request);

        // The cheap checks first: only a 419 on Kite's API needs its body looked at.
        if ($response->getStatusCode() !== 419 || ! str_contains('/'.$request->path().'/', '/api/')) {
            return $response;
        }
        $isProtocolBody = str_contains((string) $response->headers->get('Content-Type'), 'json')
            && str_contains((string) $response->getContent(), '"error":{');

        return $isProtocolBody ? $response : ErrorResponse::xsrfMismatch();
    }
}
