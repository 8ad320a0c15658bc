<?php

namespace Kite\Auth;

use Illuminate\Contracts\Auth\Authenticatable;
use Illuminate\Contracts\Foundation\Application;
use Illuminate\Session\Store;
use Illuminate\Support\Str;

/**
 * For a `web` route that checks CSRF (POST, PUT, PATCH, DELETE) on a call sent over HTTP to this
 * same application (auth.self_urls): a session of its own in the app's session store holding a
 * CSRF token, its cookie, and the token as X-CSRF-TOKEN, so VerifyCsrfToken lets the call in; the
 * session is destroyed after the call. In-process calls need none of it: the relay gives them a
 * session and token itself (InProcessDispatcher). A call that carries a CSRF header keeps it.
 */
final class CsrfTokenInjector implements Injector
{
    private ?Store $session = null;

    public function __construct(private Application $app)
    {
    }

    public function inject(?Authenticatable $user, OutgoingRequest $request): void
    {
        if (! $request->external || in_array($request->method, ['GET', 'HEAD', 'OPTIONS'], true) || self::carriesCsrfHeader($request)) {
            return;
        }
        // A copy of this request's store (same handler, cookie name and serialization), emptied under
        // a new id: the browser's own session is not touched.
        $session = clone $this->app['session']->driver();
        $session->setId(null);
        $session->flush();
        $token = Str::random(40);
        $session->put('_token', $token);
        $session->save();
        $this->session = $session;

        $request->withCookie($session->getName(), $session->getId());
        $request->withHeader('X-CSRF-TOKEN', $token);
    }

    private static function carriesCsrfHeader(OutgoingRequest $request): bool
    {
        foreach ($request->headers as $header) {
            if (in_array(strtolower($header['name']), ['x-csrf-token', 'x-xsrf-token'], true)) {
                return true;
            }
        }

        return false;
    }

    public function after(): void
    {
        if ($this->session !== null) {
            $this->session->getHandler()->destroy($this->session->getId());
            $this->session = null;
        }
    }
}
