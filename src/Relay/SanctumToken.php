<?php

namespace Kite\Relay;

use Illuminate\Contracts\Foundation\Application;
use Illuminate\Http\Request;

/**
 * For an impersonated user on a route behind `auth:sanctum`: a short-lived Sanctum personal access
 * token minted server-side and sent as a bearer, so token-guarded API routes answer as that user
 * with no token typed; revoked once the call is answered. Nothing when Sanctum is not installed,
 * the user model cannot make tokens, or the route does not ask for Sanctum.
 */
final class SanctumToken
{
    private const NAME = 'kite-impersonation';

    private const LIFETIME_MINUTES = 5;

    private function __construct(private object $token, public readonly string $plainText)
    {
    }

    public static function mintFor(Application $app, ?object $user, string $path, string $method): ?self
    {
        if ($user === null || ! class_exists(\Laravel\Sanctum\Sanctum::class) || ! method_exists($user, 'createToken') || ! self::routeAsksForSanctum($app, $path, $method)) {
            return null;
        }
        $created = $user->createToken(self::NAME, ['*'], now()->addMinutes(self::LIFETIME_MINUTES));

        return new self($created->accessToken, $created->plainTextToken);
    }

    /** The route's middleware names the sanctum guard (`auth:sanctum`, `auth:api,sanctum`). */
    private static function routeAsksForSanctum(Application $app, string $path, string $method): bool
    {
        try {
            $route = $app['router']->getRoutes()->match(Request::create($path, $method));
        } catch (\Throwable) {
            return false;
        }
        foreach ($route->gatherMiddleware() as $middleware) {
            if (is_string($middleware) && str_starts_with($middleware, 'auth:') && in_array('sanctum', explode(',', substr($middleware, 5)), true)) {
                return true;
            }
        }

        return false;
    }

    /** Revokes the token: it served this one call. */
    public function revoke(): void
    {
        $this->token->delete();
    }
}
