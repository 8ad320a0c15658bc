<?php

namespace Kite\Auth;

use Illuminate\Contracts\Auth\Authenticatable;

/**
 * Adds what a route needs to take a relayed call as coming from a user: a token, a cookie, a
 * header. Configured in config/kite.php under 'auth.injectors', by guard (name or driver) or by
 * route middleware. One instance serves one call: inject() before it is sent, after() once it is
 * answered or failed (revoke what inject() made).
 */
interface Injector
{
    /**
     * @param  ?Authenticatable  $user  the user to send as (impersonated or logged in); null for a
     *                                  middleware injector on a call without one
     *
     * @throws InjectorUnavailable when it cannot serve this user or app (e.g. its package is missing)
     */
    public function inject(?Authenticatable $user, OutgoingRequest $request): void;

    public function after(): void;
}
