<?php

namespace Kite\Auth;

use Illuminate\Auth\SessionGuard;
use Illuminate\Contracts\Auth\Authenticatable;
use Illuminate\Contracts\Auth\UserProvider;
use Illuminate\Contracts\Foundation\Application;
use Illuminate\Support\Str;

/**
 * For a session guard (`auth`, `auth:web`) on a call sent over HTTP to this same application
 * (auth.self_urls), where no session of the user exists: the guard's remember-me cookie, as
 * `Auth::login($user, remember: true)` writes it, so the app logs the user in from it. A user with
 * no remember token gets one for the call, cleared after it; an existing one is used as it is (a new
 * one would sign the user out of the browsers they asked to be remembered in).
 */
final class RememberMeCookieInjector implements Injector
{
    /** The user whose remember token was made for this call, and the provider that stores it. */
    private ?Authenticatable $tokenMadeFor = null;

    private ?UserProvider $provider = null;

    public function __construct(private Application $app)
    {
    }

    public function inject(?Authenticatable $user, OutgoingRequest $request): void
    {
        $guard = $this->app['auth']->guard($request->guard);
        if (! $guard instanceof SessionGuard) {
            throw new InjectorUnavailable("The guard '{$request->guard}' is not a session guard, so it has no remember-me cookie.");
        }
        if ($user === null || $user->getRememberTokenName() === '') {
            throw new InjectorUnavailable('The user model has no remember token column.');
        }
        $token = $user->getRememberToken();
        if ($token === null || $token === '') {
            $token = Str::random(60);
            $this->provider = $guard->getProvider();
            $this->provider->updateRememberToken($user, $token);
            $this->tokenMadeFor = $user;
        }
        // Recent Laravel versions send an HMAC of the password hash, older ones the hash itself.
        $password = method_exists($guard, 'hashPasswordForCookie') ? $guard->hashPasswordForCookie($user->getAuthPassword()) : $user->getAuthPassword();
        $request->withCookie($guard->getRecallerName(), $user->getAuthIdentifier().'|'.$token.'|'.$password);
    }

    /** Clears a remember token made for the call, so the cookie stops working. */
    public function after(): void
    {
        if ($this->tokenMadeFor !== null) {
            $this->provider->updateRememberToken($this->tokenMadeFor, null);
            $this->tokenMadeFor = null;
        }
    }
}
