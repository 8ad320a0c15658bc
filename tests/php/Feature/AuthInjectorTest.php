<?php

namespace Kite\Tests\Feature;

use App\Models\User;
use Illuminate\Http\Request;
use Illuminate\Support\Facades\Auth;
use Illuminate\Support\Facades\DB;
use Illuminate\Support\Facades\Route;
use Kite\Tests\Support\HeaderInjector;
use Kite\Tests\Support\SanctumUser;
use Kite\Tests\TestCase;

/** Issues 27 + 28 on the Laravel host: the auth injectors of config/kite.php, chosen per route from its guards. */
class AuthInjectorTest extends TestCase
{
    private function useSanctum(): void
    {
        if (! class_exists(\Laravel\Sanctum\Sanctum::class)) {
            $this->markTestSkipped('Sanctum is not installed in this app.');
        }
        config(['kite.impersonation.enabled' => true, 'auth.providers.users.model' => SanctumUser::class]);
        SanctumUser::createTokensTable();
        // What the route saw: the user, and whether a personal access token (not the session) let it in.
        Route::middleware(['api', 'auth:sanctum'])->get('api/sanctum-me', fn (Request $request) => [
            'id' => $request->user()?->id,
            'token' => $request->user()?->currentAccessToken() instanceof \Laravel\Sanctum\PersonalAccessToken,
        ]);
    }

    public function test_the_logged_in_user_gets_a_sanctum_token_on_an_auth_sanctum_route_revoked_after_the_call(): void
    {
        $this->useSanctum();
        // A token-only API: Sanctum does not look at the session guard first.
        config(['sanctum.guard' => []]);
        $grace = $this->user('grace@example.com');

        [$meta, $body] = $this->frame($this->relay(['url' => '/api/sanctum-me', 'authorization' => ['type' => 'current-user']], $this->loggedInSession($grace)));

        $this->assertSame(200, $meta['status'], $body);
        $this->assertSame(['id' => $grace->id, 'token' => true], json_decode($body, true));
        $this->assertSame(0, DB::table('personal_access_tokens')->count(), 'the token is revoked after the call');
    }

    public function test_impersonating_on_an_auth_sanctum_route_answers_as_the_impersonated_user_even_when_another_is_logged_in(): void
    {
        $this->useSanctum();
        $grace = $this->user('grace@example.com');
        $alan = $this->user('alan@example.com');

        [$meta, $body] = $this->frame($this->relay(['url' => '/api/sanctum-me', 'authorization' => ['type' => 'impersonate', 'userId' => (string) $alan->id]], $this->loggedInSession($grace)));

        $this->assertSame(200, $meta['status'], $body);
        $this->assertSame($alan->id, json_decode($body, true)['id']);
        $this->assertSame(0, DB::table('personal_access_tokens')->count());
    }

    /** A guard with a driver of the app's own, read from a header (Auth::viaRequest), behind `auth:api`. */
    private function customGuard(): void
    {
        Auth::viaRequest('fixture-header', fn (Request $request) => User::where('email', (string) $request->header('X-Fixture-User'))->first());
        config(['kite.impersonation.enabled' => true, 'auth.guards.api' => ['driver' => 'fixture-header', 'provider' => 'users']]);
        Route::middleware(['api', 'auth:api'])->get('api/header-me', fn (Request $request) => ['id' => $request->user()->id]);
    }

    public function test_a_guard_no_injector_serves_refuses_an_impersonation_with_a_422_naming_the_guard_and_where_to_configure_one(): void
    {
        $this->customGuard();
        $alan = $this->user('alan@example.com');

        $response = $this->relay(['url' => '/api/header-me', 'authorization' => ['type' => 'impersonate', 'userId' => (string) $alan->id]]);

        $response->assertStatus(422)->assertJsonPath('error.code', 'IMPERSONATION_UNAVAILABLE');
        $message = $response->json('error.message');
        $this->assertStringContainsString("guard 'api' (driver 'fixture-header')", $message);
        $this->assertStringContainsString('auth.injectors.guards in config/kite.php', $message);
    }

    public function test_auth_api_with_the_jwt_driver_goes_to_the_jwt_injector_which_says_the_package_is_missing(): void
    {
        if (class_exists('Tymon\JWTAuth\Facades\JWTAuth')) {
            $this->markTestSkipped('tymon/jwt-auth is installed in this app.');
        }
        config(['kite.impersonation.enabled' => true, 'auth.guards.api' => ['driver' => 'jwt', 'provider' => 'users']]);
        Route::middleware(['api', 'auth:api'])->get('api/jwt-me', fn (Request $request) => ['id' => $request->user()->id]);

        $response = $this->relay(['url' => '/api/jwt-me', 'authorization' => ['type' => 'impersonate', 'userId' => '3']]);

        $response->assertStatus(422)->assertJsonPath('error.code', 'IMPERSONATION_UNAVAILABLE');
        $this->assertStringContainsString('Kite\Auth\JwtAuthInjector: tymon/jwt-auth is not installed', $response->json('error.message'));
    }

    public function test_a_custom_injector_registered_in_the_config_adds_its_header_and_the_route_answers_as_the_user(): void
    {
        $this->customGuard();
        config(['kite.auth.injectors.guards.api' => HeaderInjector::class]);
        HeaderInjector::$cleanedUp = 0;
        $alan = $this->user('alan@example.com');

        [$meta, $body] = $this->frame($this->relay(['url' => '/api/header-me', 'authorization' => ['type' => 'impersonate', 'userId' => (string) $alan->id]]));

        $this->assertSame(200, $meta['status'], $body);
        $this->assertSame(['id' => $alan->id], json_decode($body, true));
        $this->assertSame(1, HeaderInjector::$cleanedUp, 'after() ran once the call was answered');
    }

    public function test_a_session_guard_named_by_the_route_is_the_one_the_user_is_logged_in_with(): void
    {
        config(['kite.impersonation.enabled' => true, 'auth.guards.admin' => ['driver' => 'session', 'provider' => 'users']]);
        Route::middleware(['api', 'auth:admin'])->get('api/admin-me', fn (Request $request) => ['id' => $request->user()->id]);
        $alan = $this->user('alan@example.com');

        [$meta, $body] = $this->frame($this->relay(['url' => '/api/admin-me', 'authorization' => ['type' => 'impersonate', 'userId' => (string) $alan->id]]));

        $this->assertSame(200, $meta['status'], $body);
        $this->assertSame(['id' => $alan->id], json_decode($body, true));
    }
}
