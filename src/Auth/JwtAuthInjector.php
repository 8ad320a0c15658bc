<?php

namespace Kite\Auth;

use Illuminate\Contracts\Auth\Authenticatable;

/**
 * For a guard whose driver is `jwt` (tymon/jwt-auth): a token made with `JWTAuth::fromUser` sent as
 * the bearer, and invalidated after the call (which takes effect where the package's blacklist is
 * on). Untested here: the package is not installed in the applications Kite is tested on.
 */
final class JwtAuthInjector implements Injector
{
    private const FACADE = 'Tymon\JWTAuth\Facades\JWTAuth';

    private ?string $token = null;

    public function inject(?Authenticatable $user, OutgoingRequest $request): void
    {
        if (! class_exists(self::FACADE)) {
            throw new InjectorUnavailable('tymon/jwt-auth is not installed, so no JWT can be made for the user.');
        }
        if ($user === null) {
            throw new InjectorUnavailable('A JWT needs a user.');
        }
        $this->token = (self::FACADE)::fromUser($user);
        $request->withHeader('Authorization', 'Bearer '.$this->token);
    }

    public function after(): void
    {
        if ($this->token === null) {
            return;
        }
        try {
            (self::FACADE)::setToken($this->token)->invalidate();
        } catch (\Throwable) {
            // Without the blacklist a JWT cannot be revoked; it ends at its own expiry.
        }
        $this->token = null;
    }
}
