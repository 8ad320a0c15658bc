<?php

namespace Kite\Auth;

use Illuminate\Contracts\Auth\Authenticatable;

/**
 * For a route behind `auth:sanctum` (or a guard whose driver is sanctum): a short-lived Sanctum
 * personal access token minted server-side for the user and sent as the bearer, so token-guarded
 * API routes answer as that user with no token typed; revoked once the call is answered.
 */
final class SanctumTokenInjector implements Injector
{
    private const NAME = 'kite-impersonation';

    private const LIFETIME_MINUTES = 5;

    private ?object $token = null;

    public function inject(?Authenticatable $user, OutgoingRequest $request): void
    {
        if (! class_exists(\Laravel\Sanctum\Sanctum::class)) {
            throw new InjectorUnavailable('Sanctum is not installed (composer require laravel/sanctum).');
        }
        if ($user === null || ! method_exists($user, 'createToken')) {
            throw new InjectorUnavailable('The user model cannot make Sanctum tokens: add the Laravel\Sanctum\HasApiTokens trait to it.');
        }
        $created = $user->createToken(self::NAME, ['*'], now()->addMinutes(self::LIFETIME_MINUTES));
        $this->token = $created->accessToken;
        $request->withHeader('Authorization', 'Bearer '.$created->plainTextToken);
    }

    /** Revokes the token: it served this one call. */
    public function after(): void
    {
        $this->token?->delete();
        $this->token = null;
    }
}
