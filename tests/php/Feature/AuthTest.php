<?php

namespace Kite\Tests\Feature;

use Illuminate\Testing\TestResponse;
use Kite\Tests\TestCase;

/** Issue 27 on the Laravel host: the api-key relay authorization and the OAuth 2.0 token endpoint. */
class AuthTest extends TestCase
{
    public function test_an_api_key_goes_in_its_header_or_query_parameter_and_no_session_goes_with_it(): void
    {
        $session = $this->loggedInSession($this->user('grace@example.com'));
        [$meta, $body] = $this->frame($this->relay(['method' => 'POST', 'url' => '/api/echo', 'authorization' => ['type' => 'api-key', 'in' => 'header', 'name' => 'X-Custom', 'value' => 'key-123']], $session));
        $this->assertSame(200, $meta['status']);
        $this->assertSame('key-123', json_decode($body, true)['custom']);
        $this->assertNull(json_decode($body, true)['user']);

        [, $body] = $this->frame($this->relay(['method' => 'POST', 'url' => '/api/echo', 'query' => [['name' => 'api_key', 'value' => 'typed']], 'authorization' => ['type' => 'api-key', 'in' => 'query', 'name' => 'api_key', 'value' => 'key-456']]));
        $this->assertSame(['api_key' => 'key-456'], json_decode($body, true)['query']);
    }

    public function test_an_api_key_in_an_unknown_place_is_a_422_naming_the_field(): void
    {
        $this->relay(['url' => '/api/echo', 'authorization' => ['type' => 'api-key', 'in' => 'body', 'name' => 'k', 'value' => 'v']])
            ->assertStatus(422)
            ->assertJsonPath('error.field', 'authorization.in');
    }

    public function test_a_token_request_is_posted_as_a_form_and_the_endpoints_answer_comes_back_as_it_is(): void
    {
        $response = $this->token(['tokenUrl' => 'http://localhost/api/echo', 'form' => [['name' => 'grant_type', 'value' => 'client_credentials'], ['name' => 'scope', 'value' => 'read']], 'basicAuth' => ['username' => 'kite client', 'password' => 's3cret']]);

        $this->assertSame(200, $response->status(), (string) $response->getContent());
        $response->assertJsonPath('status', 200);
        $this->assertStringStartsWith('application/json', $response->json('contentType'));
        $echo = json_decode($response->json('body'), true);
        $this->assertSame(['grant_type' => 'client_credentials', 'scope' => 'read'], $echo['input']);
        $this->assertSame('Basic '.base64_encode('kite+client:s3cret'), $echo['authorization']);
    }

    public function test_a_token_url_outside_the_allow_list_is_403_and_a_bad_form_a_422_naming_it(): void
    {
        $this->token(['tokenUrl' => 'http://auth.invalid/token', 'form' => [['name' => 'grant_type', 'value' => 'client_credentials']]])
            ->assertStatus(403)
            ->assertJsonPath('error.code', 'TARGET_NOT_ALLOWED')
            ->assertJsonPath('error.field', 'tokenUrl');
        $this->token(['tokenUrl' => 'http://localhost/api/echo', 'form' => 'grant_type=x'])
            ->assertStatus(422)
            ->assertJsonPath('error.code', 'INVALID_TOKEN_REQUEST')
            ->assertJsonPath('error.field', 'form');
        $this->token(['tokenUrl' => '/oauth/token', 'form' => [['name' => 'grant_type', 'value' => 'client_credentials']]])
            ->assertStatus(422)
            ->assertJsonPath('error.field', 'tokenUrl');
    }

    public function test_a_route_behind_auth_sanctum_answers_200_to_impersonate_user_with_id_with_no_token_typed(): void
    {
        if (! class_exists(\Laravel\Sanctum\Sanctum::class)) {
            $this->markTestSkipped('Sanctum is not installed in this app.');
        }
        config(['kite.impersonation.enabled' => true, 'auth.providers.users.model' => \Kite\Tests\Support\SanctumUser::class]);
        \Kite\Tests\Support\SanctumUser::createTokensTable();
        \Illuminate\Support\Facades\Route::middleware(['api', 'auth:sanctum'])->get('api/sanctum-me', fn (\Illuminate\Http\Request $request) => ['id' => $request->user()?->id]);
        $alan = $this->user('alan@example.com');

        [$meta, $body] = $this->frame($this->relay(['url' => '/api/sanctum-me', 'authorization' => ['type' => 'impersonate', 'userId' => (string) $alan->id]]));

        $this->assertSame(200, $meta['status'], $body);
        $this->assertSame($alan->id, json_decode($body, true)['id']);
        $this->assertSame(0, \Illuminate\Support\Facades\DB::table('personal_access_tokens')->count(), 'the token is revoked after the call');
        [$meta] = $this->frame($this->relay(['url' => '/api/sanctum-me', 'authorization' => ['type' => 'none']]));
        $this->assertSame(401, $meta['status']);
    }

    private function token(array $request): TestResponse
    {
        return $this->withSession(['_token' => self::TOKEN])->call(
            'POST',
            '/http-client/api/oauth/token',
            [],
            [],
            [],
            $this->transformHeadersToServerVars(['X-CSRF-TOKEN' => self::TOKEN, 'Content-Type' => 'application/json', 'Accept' => 'application/json']),
            json_encode($request)
        );
    }
}
