<?php

namespace Kite\Http\Middleware;

use Closure;
use Illuminate\Contracts\Encryption\DecryptException;
use Illuminate\Cookie\CookieValuePrefix;
use Illuminate\Http\Request;
use Kite\Http\ErrorResponse;

/**
 * The relay's CSRF check with the app's own token: the X-XSRF-TOKEN header (the encrypted
 * XSRF-TOKEN cookie the app sets) or X-CSRF-TOKEN must match the session's token. The app's
 * VerifyCsrfToken in the 'web' group checks the same; this one keeps the relay protected when the
 * configured middleware lacks it, and answers in the protocol's error shape.
 */
class VerifyXsrfToken
{
    public function handle(Request $request, Closure $next)
    {
        if (! $request->hasSession()) {
            return ErrorResponse::xsrfMismatch("Kite's relay needs the session: keep the 'web' group in config('kite.middleware').");
        }

        $expected = $request->session()->token();
        $given = $this->givenToken($request);

        if (! is_string($expected) || ! is_string($given) || $given === '' || ! hash_equals($expected, $given)) {
            return ErrorResponse::xsrfMismatch();
        }

        return $next($request);
    }

    private function givenToken(Request $request): ?string
    {
        $token = $request->header('X-CSRF-TOKEN');
        if (is_string($token) && $token !== '') {
            return $token;
        }

        $header = $request->header('X-XSRF-TOKEN');
        if (! is_string($header) || $header === '') {
            return null;
        }

        try {
            $value = app('encrypter')->decrypt($header, false);
        } catch (DecryptException) {
            return null;
        }

        // Laravel 8.x+ prefixes encrypted cookie values with an HMAC of the cookie name.
        return str_contains($value, '|') && strlen($value) > 41 && $value[40] === '|' ? CookieValuePrefix::remove($value) : $value;
    }
}
