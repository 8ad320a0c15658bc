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

        $isApi = str_contains('/'.$request->path().'/', '/api/');
        $isProtocolBody = str_contains((string) $response->headers->get('Content-Type'), 'json')
            && str_contains((string) $response->getContent(), '"error":{');

        if ($isApi && $response->getStatusCode() === 419 && ! $isProtocolBody) {
            return ErrorResponse::make(419, 'XSRF_MISMATCH', 'The X-XSRF-TOKEN header does not match this session; reload the page and try again.');
        }

        return $response;
    }
}
