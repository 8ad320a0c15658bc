<?php

namespace Kite\Tests\Feature;

use Illuminate\Support\Facades\Auth;
use Kite\Tests\TestCase;
use PHPUnit\Framework\Attributes\DataProvider;

class RelayTest extends TestCase
{
    public function test_current_user_sends_the_request_as_the_user_logged_into_this_browser(): void
    {
        $grace = $this->user('grace@example.com');

        [$meta, $body] = $this->frame($this->relay(['url' => '/api/me', 'authorization' => ['type' => 'current-user']], $this->loggedInSession($grace)));

        $this->assertSame(200, $meta['status']);
        $this->assertSame('OK', $meta['statusText']);
        $this->assertSame(['id' => $grace->id, 'name' => 'Grace Hopper'], json_decode($body, true));
        $this->assertSame('http://localhost/api/me', $meta['url']);
        $this->assertGreaterThan(0, $meta['timing']['totalMs']);
        $this->assertLessThanOrEqual($meta['timing']['totalMs'], $meta['timing']['ttfbMs']);
        // Run in-process, the call's time is time in the app (RelayTiming.appMs).
        $this->assertSame($meta['timing']['totalMs'], $meta['timing']['appMs']);
    }

    public function test_current_user_without_a_login_reaches_the_route_as_a_guest(): void
    {
        [$meta] = $this->frame($this->relay(['url' => '/api/me', 'authorization' => ['type' => 'current-user']]));

        $this->assertSame(401, $meta['status']);
    }

    public function test_impersonate_sends_one_request_as_the_user_with_the_given_id(): void
    {
        config(['kite.impersonation.enabled' => true]);
        $alan = $this->user('alan@example.com');

        [$meta, $body] = $this->frame($this->relay(['url' => '/api/me', 'authorization' => ['type' => 'impersonate', 'userId' => (string) $alan->id]], $this->loggedInSession($this->user('grace@example.com'))));

        $this->assertSame(200, $meta['status']);
        $this->assertSame('Alan Turing', json_decode($body, true)['name']);
    }

    public function test_impersonation_that_is_off_is_a_422_with_a_clear_message(): void
    {
        $this->relay(['url' => '/api/me', 'authorization' => ['type' => 'impersonate', 'userId' => '1']])
            ->assertStatus(422)
            ->assertJsonPath('error.code', 'IMPERSONATION_UNAVAILABLE')
            ->assertJsonPath('error.message', 'Impersonation is not configured for this host');
    }

    public function test_impersonating_a_user_id_that_does_not_exist_is_a_422_naming_the_field(): void
    {
        config(['kite.impersonation.enabled' => true]);

        $this->relay(['url' => '/api/me', 'authorization' => ['type' => 'impersonate', 'userId' => '999']])
            ->assertStatus(422)
            ->assertJsonPath('error.code', 'IMPERSONATION_UNAVAILABLE')
            ->assertJsonPath('error.field', 'authorization.userId')
            ->assertJsonPath('error.message', "There is no user with the id '999' (guard 'web').");
    }

    public function test_bearer_sets_the_authorization_header(): void
    {
        [, $body] = $this->frame($this->relay(['method' => 'POST', 'url' => '/api/echo', 'authorization' => ['type' => 'bearer', 'token' => 'secret-token']]));

        $this->assertSame('Bearer secret-token', json_decode($body, true)['authorization']);
    }

    public function test_basic_authenticates_with_username_and_password(): void
    {
        [$meta, $body] = $this->frame($this->relay(['url' => '/api/basic-me', 'authorization' => ['type' => 'basic', 'username' => 'ada@example.com', 'password' => 'secret-ada']]));
        $this->assertSame(200, $meta['status']);
        $this->assertSame($this->user('ada@example.com')->id, json_decode($body, true)['id']);

        [$meta] = $this->frame($this->relay(['url' => '/api/basic-me', 'authorization' => ['type' => 'basic', 'username' => 'ada@example.com', 'password' => 'wrong']]));
        $this->assertSame(401, $meta['status']);
    }

    public function test_none_sends_no_credentials_even_when_the_browser_is_logged_in(): void
    {
        [$meta, $body] = $this->frame($this->relay(['method' => 'POST', 'url' => '/api/echo', 'authorization' => ['type' => 'none']], $this->loggedInSession($this->user('grace@example.com'))));

        $this->assertSame(200, $meta['status']);
        $this->assertNull(json_decode($body, true)['user']);
        $this->assertNull(json_decode($body, true)['authorization']);
    }

    public function test_the_users_own_session_is_never_changed_by_a_relayed_call(): void
    {
        $grace = $this->user('grace@example.com');
        $session = $this->loggedInSession($grace) + ['marker' => 'mine'];

        [$meta, $body] = $this->frame($this->relay(['method' => 'POST', 'url' => '/api/session/meddle', 'authorization' => ['type' => 'current-user']], $session));
        $this->assertSame(['meddled' => true], json_decode($body, true), 'the relayed call logged out and wrote to its session');

        $own = $this->app['session.store'];
        $this->assertSame($grace->id, $own->get(Auth::guard('web')->getName()), 'still logged in');
        $this->assertSame('mine', $own->get('marker'));
        $this->assertNull($own->get('meddled'));
        $this->assertNull($own->get('status'), 'nothing flashed into the user session');
        $this->assertSame($grace->id, Auth::id(), 'the guard of the relay call still knows the user');
    }

    public function test_impersonating_does_not_log_the_browser_in_as_that_user(): void
    {
        config(['kite.impersonation.enabled' => true]);
        $grace = $this->user('grace@example.com');

        $this->frame($this->relay(['url' => '/api/me', 'authorization' => ['type' => 'impersonate', 'userId' => (string) $this->user('alan@example.com')->id]], $this->loggedInSession($grace)));

        $this->assertSame($grace->id, $this->app['session.store']->get(Auth::guard('web')->getName()));
        $this->assertSame($grace->id, Auth::id());
    }

    public function test_response_cookies_come_with_their_laravel_encrypted_values_decrypted(): void
    {
        $response = $this->relay(['url' => '/api/cookies']);
        [$meta] = $this->frame($response);

        $cookies = collect($meta['cookies'])->keyBy('name');
        $this->assertSame('chocolate chip', $cookies['flavour']['decryptedValue']);
        $this->assertNotSame('chocolate chip', $cookies['flavour']['value'], 'the raw value stays encrypted');
        $this->assertSame('hazelnut', $cookies['queued_flavour']['decryptedValue'], 'queued cookies too');
        $this->assertSame('visible', $cookies['plain_cookie']['value']);
        $this->assertArrayNotHasKey('decryptedValue', $cookies['plain_cookie']);
        $this->assertSame('/', $cookies['flavour']['attributes']['path']);
        $this->assertTrue($cookies['flavour']['attributes']['httponly']);
        $this->assertStringStartsWith('flavour=', $cookies['flavour']['raw']);
        $this->assertContains('Set-Cookie', array_column($meta['headers'], 0));

        $browserCookies = array_map(fn ($cookie) => $cookie->getName(), $response->headers->getCookies());
        $this->assertNotContains('queued_flavour', $browserCookies, "the target's cookies never reach the browser's cookie jar");
        $this->assertNotContains('flavour', $browserCookies);
    }

    public function test_an_encrypted_cookie_whose_name_looks_secret_is_not_sent_decrypted(): void
    {
        [$meta] = $this->frame($this->relay(['url' => '/api/cookies']));

        $token = collect($meta['cookies'])->keyBy('name')['api_token'];
        $this->assertArrayNotHasKey('decryptedValue', $token);
        $this->assertTrue($token['decryptedMasked'], 'it could be decrypted; its name (protocol/secret-names.json) keeps it masked');
        $this->assertStringNotContainsString('tok-live-123', json_encode($meta));
    }

    public function test_an_exception_in_the_target_route_comes_back_as_its_own_500_response(): void
    {
        [$meta, $body] = $this->frame($this->relay(['url' => '/api/explode']));

        $this->assertSame(500, $meta['status']);
        $this->assertSame('Internal Server Error', $meta['statusText']);
        $this->assertSame(['message' => 'Server Error'], json_decode($body, true));
    }

    public function test_validation_errors_of_the_target_are_its_422_response(): void
    {
        [$meta, $body] = $this->frame($this->relay(['method' => 'POST', 'url' => '/api/posts', 'body' => ['type' => 'json', 'text' => '{"title":""}']]));

        $this->assertSame(422, $meta['status']);
        $this->assertArrayHasKey('status', json_decode($body, true)['errors']);
    }

    public function test_json_form_raw_and_multipart_bodies_reach_the_route(): void
    {
        [, $json] = $this->frame($this->relay(['method' => 'POST', 'url' => '/api/echo', 'body' => ['type' => 'json', 'text' => '{"title":"Hello","tags":["a","b"]}']]));
        $json = json_decode($json, true);
        $this->assertTrue($json['json']);
        $this->assertSame(['title' => 'Hello', 'tags' => ['a', 'b']], $json['input']);

        [, $form] = $this->frame($this->relay(['method' => 'POST', 'url' => '/api/echo', 'body' => ['type' => 'form', 'fields' => [['name' => 'title', 'value' => 'Form'], ['name' => 'tags[]', 'value' => 'x'], ['name' => 'tags[]', 'value' => 'y']]]]));
        $this->assertSame(['title' => 'Form', 'tags' => ['x', 'y']], json_decode($form, true)['input']);

        [, $raw] = $this->frame($this->relay(['method' => 'POST', 'url' => '/api/echo', 'body' => ['type' => 'raw', 'text' => 'plain words', 'contentType' => 'text/plain']]));
        $this->assertSame('plain words', json_decode($raw, true)['raw']);

        [, $multipart] = $this->frame($this->relay(['method' => 'POST', 'url' => '/api/echo', 'body' => ['type' => 'multipart', 'fields' => [
            ['name' => 'caption', 'kind' => 'text', 'value' => 'A photo'],
            ['name' => 'photo', 'kind' => 'file', 'filename' => 'dot.png', 'contentType' => 'image/png', 'base64' => base64_encode('PNGDATA')],
        ]]]));
        $multipart = json_decode($multipart, true);
        $this->assertSame(['caption' => 'A photo'], $multipart['input']);
        $this->assertSame(['name' => 'dot.png', 'size' => 7, 'type' => 'image/png'], $multipart['files']['photo']);
    }

    public function test_query_pairs_and_headers_are_sent(): void
    {
        [$meta, $body] = $this->frame($this->relay([
            'method' => 'POST',
            'url' => '/api/echo?page=2',
            'query' => [['name' => 'filter', 'value' => 'a b'], ['name' => 'ids[]', 'value' => '1'], ['name' => 'ids[]', 'value' => '2']],
            'headers' => [['name' => 'X-Custom', 'value' => 'kite']],
        ]));
        $body = json_decode($body, true);

        $this->assertSame(['page' => '2', 'filter' => 'a b', 'ids' => ['1', '2']], $body['query']);
        $this->assertSame('kite', $body['custom']);
        $this->assertStringContainsString('/api/echo?', $meta['url']);
    }

    public function test_redirects_are_reported_not_followed(): void
    {
        [$meta] = $this->frame($this->relay(['url' => '/api/redirect']));

        $this->assertSame(302, $meta['status']);
        $this->assertSame('http://localhost/api/users', $meta['redirectLocation']);
    }

    public function test_binary_and_streamed_bodies_arrive_byte_for_byte(): void
    {
        [$meta, $body] = $this->frame($this->relay(['url' => '/api/binary']));
        $this->assertSame(implode('', array_map('chr', range(0, 255))), $body);
        $this->assertSame(256, $meta['bodySize']);

        [, $streamed] = $this->frame($this->relay(['url' => '/api/streamed']));
        $this->assertSame('streamed body', $streamed);
    }

    public function test_bodies_above_the_maximum_are_cut_and_flagged_with_the_full_size(): void
    {
        config(['kite.relay.max_body_mb' => 1]);

        [$meta, $body] = $this->frame($this->relay(['url' => '/api/large']));

        $this->assertTrue($meta['truncated']);
        $this->assertSame(3 * 1024 * 1024, $meta['bodySize']);
        $this->assertSame(1024 * 1024, $meta['bodyBytes']);
        $this->assertSame(1024 * 1024, strlen($body));
    }

    public function test_a_web_route_behind_csrf_is_reachable_through_the_relay(): void
    {
        [$meta, $body] = $this->frame($this->relay(['method' => 'POST', 'url' => '/web-form', 'body' => ['type' => 'json', 'text' => '{"title":"Draft"}'], 'authorization' => ['type' => 'current-user']], $this->loggedInSession($this->user('grace@example.com'))));

        $this->assertSame(200, $meta['status']);
        $this->assertSame('Draft', json_decode($body, true)['saved']);
    }

    /** @dataProvider invalidPayloads */

    #[DataProvider('invalidPayloads')]
    public function test_an_invalid_relay_payload_is_a_422_naming_the_field(array $payload, string $field): void
    {
        $this->relay($payload)
            ->assertStatus(422)
            ->assertJsonPath('error.code', 'INVALID_RELAY_REQUEST')
            ->assertJsonPath('error.field', $field);
    }

    public static function invalidPayloads(): array
    {
        return [
            'unknown method' => [['method' => 'FETCH', 'url' => '/api/users'], 'method'],
            'empty url' => [['url' => ''], 'url'],
            'header without a name' => [['url' => '/api/users', 'headers' => [['value' => 'x']]], 'headers[0].name'],
            'query value not a string' => [['url' => '/api/users', 'query' => [['name' => 'a', 'value' => 1]]], 'query[0].value'],
            'unknown body type' => [['url' => '/api/users', 'body' => ['type' => 'xml']], 'body.type'],
            'json body without text' => [['url' => '/api/users', 'body' => ['type' => 'json']], 'body.text'],
            'file that is not base64' => [['url' => '/api/users', 'body' => ['type' => 'multipart', 'fields' => [['name' => 'f', 'kind' => 'file', 'filename' => 'a', 'contentType' => 'text/plain', 'base64' => '***']]]], 'body.fields[0].base64'],
            'unknown authorization' => [['url' => '/api/users', 'authorization' => ['type' => 'oauth']], 'authorization.type'],
            'bearer without a token' => [['url' => '/api/users', 'authorization' => ['type' => 'bearer']], 'authorization.token'],
            'unknown application' => [['url' => '/api/users', 'application' => 'nope'], 'application'],
            'negative timeout' => [['url' => '/api/users', 'timeoutMs' => -5], 'timeoutMs'],
            'zero timeout' => [['url' => '/api/users', 'timeoutMs' => 0], 'timeoutMs'],
            'fractional timeout' => [['url' => '/api/users', 'timeoutMs' => 0.5], 'timeoutMs'],
            'timeout beyond an integer' => [['url' => '/api/users', 'timeoutMs' => 1e19], 'timeoutMs'],
            'timeout above the maximum' => [['url' => '/api/users', 'timeoutMs' => 600_001], 'timeoutMs'],
            'timeout as a string' => [['url' => '/api/users', 'timeoutMs' => '100'], 'timeoutMs'],
            'null timeout' => [['url' => '/api/users', 'timeoutMs' => null], 'timeoutMs'],
            'CR LF in a header value' => [['url' => '/api/users', 'headers' => [['name' => 'X-A', 'value' => 'ok'], ['name' => 'X-B', 'value' => 'ok'], ['name' => 'X-C', 'value' => "a\r\nX-Injected: 1"]]], 'headers[2].value'],
            'NUL in a header value' => [['url' => '/api/users', 'headers' => [['name' => 'X-A', 'value' => "a\0b"]]], 'headers[0].value'],
            'DEL in a header value' => [['url' => '/api/users', 'headers' => [['name' => 'X-A', 'value' => "a\x7Fb"]]], 'headers[0].value'],
            'a non-Latin-1 header value' => [['url' => '/api/users', 'headers' => [['name' => 'X-A', 'value' => 'caf€']]], 'headers[0].value'],
            'LF in a bearer token' => [['url' => '/api/users', 'authorization' => ['type' => 'bearer', 'token' => "t\nX-Injected: 1"]], 'authorization.token'],
            'a non-Latin-1 bearer token' => [['url' => '/api/users', 'authorization' => ['type' => 'bearer', 'token' => 't€']], 'authorization.token'],
            'NUL in a basic username' => [['url' => '/api/users', 'authorization' => ['type' => 'basic', 'username' => "a\0", 'password' => 'p']], 'authorization.username'],
            'a colon in a basic username' => [['url' => '/api/users', 'authorization' => ['type' => 'basic', 'username' => 'a:b', 'password' => 'p']], 'authorization.username'],
            'CR LF in a basic password' => [['url' => '/api/users', 'authorization' => ['type' => 'basic', 'username' => 'u', 'password' => "p\r\n"]], 'authorization.password'],
            'CR LF in an impersonated user id' => [['url' => '/api/users', 'authorization' => ['type' => 'impersonate', 'userId' => "1\r\n"]], 'authorization.userId'],
            'CR LF in a raw body content type' => [['method' => 'POST', 'url' => '/api/echo', 'body' => ['type' => 'raw', 'text' => 'x', 'contentType' => "text/plain\r\nX-Injected: 1"]], 'body.contentType'],
            'CR LF in a multipart part content type' => [['method' => 'POST', 'url' => '/api/echo', 'body' => ['type' => 'multipart', 'fields' => [
                ['name' => 't', 'kind' => 'text', 'value' => 'v'],
                ['name' => 'f', 'kind' => 'file', 'filename' => 'a.txt', 'contentType' => "text/plain\r\nX-Injected: 1", 'base64' => ''],
            ]]], 'body.fields[1].contentType'],
            'a backslash in the url' => [['url' => '/a\\..\\b'], 'url'],
            'CR LF in the url' => [['url' => "/api/users\r\nX-Injected: 1"], 'url'],
            'a trailing line break in the url' => [['url' => "/api/users\n"], 'url'],
        ];
    }

    public function test_latin_1_header_text_and_tabs_are_sent_as_they_are(): void
    {
        [, $body] = $this->frame($this->relay(['method' => 'POST', 'url' => '/api/echo', 'headers' => [['name' => 'X-Custom', 'value' => "caf\u{E9}\tau lait"]]]));

        $this->assertSame("caf\u{E9}\tau lait", json_decode($body, true)['custom']);
    }

    public function test_a_timeout_written_as_a_json_float_is_refused_even_when_whole(): void
    {
        $this->withSession(['_token' => self::TOKEN])
            ->call('POST', '/http-client/api/relay', [], [], [], $this->transformHeadersToServerVars(['X-CSRF-TOKEN' => self::TOKEN, 'Content-Type' => 'application/json', 'Accept' => 'application/json']), '{"method":"GET","url":"/api/users","timeoutMs":1000.0}')
            ->assertStatus(422)
            ->assertJsonPath('error.field', 'timeoutMs');
    }

    public function test_a_timeout_at_either_bound_is_accepted(): void
    {
        $this->frame($this->relay(['url' => '/api/users', 'timeoutMs' => 1]));
        $this->frame($this->relay(['url' => '/api/users', 'timeoutMs' => 600_000]));
    }

    public function test_none_sends_no_typed_authorization_header_to_the_app_either(): void
    {
        [, $body] = $this->frame($this->relay(['method' => 'POST', 'url' => '/api/echo', 'headers' => [['name' => 'Authorization', 'value' => 'Bearer typed']], 'authorization' => ['type' => 'none']]));

        $this->assertNull(json_decode($body, true)['authorization']);
    }

    public function test_a_relay_request_that_is_not_json_is_a_422(): void
    {
        $this->withSession(['_token' => self::TOKEN])
            ->call('POST', '/http-client/api/relay', [], [], [], $this->transformHeadersToServerVars(['X-CSRF-TOKEN' => self::TOKEN, 'Content-Type' => 'application/json']), '{not json')
            ->assertStatus(422)
            ->assertJsonPath('error.field', 'body');
    }

    public function test_the_relay_refuses_a_missing_or_wrong_xsrf_token_with_419(): void
    {
        $this->relay(['url' => '/api/users'], ['_token' => self::TOKEN], ['X-CSRF-TOKEN' => 'wrong'])
            ->assertStatus(419)
            ->assertJsonPath('error.code', 'XSRF_MISMATCH');
    }

    public function test_the_relay_accepts_the_encrypted_xsrf_cookie_value_as_x_xsrf_token(): void
    {
        $xsrf = $this->app['encrypter']->encrypt(\Illuminate\Cookie\CookieValuePrefix::create('XSRF-TOKEN', $this->app['encrypter']->getKey()).self::TOKEN, false);

        $response = $this->withSession(['_token' => self::TOKEN])->call('POST', '/http-client/api/relay', [], [], [], $this->transformHeadersToServerVars([
            'X-XSRF-TOKEN' => $xsrf, 'Content-Type' => 'application/json',
        ]), json_encode(['method' => 'GET', 'url' => '/api/users', 'headers' => [], 'query' => [], 'body' => ['type' => 'none'], 'authorization' => ['type' => 'none']]));

        [$meta] = $this->frame($response);
        $this->assertSame(200, $meta['status']);
    }

    public function test_an_absolute_url_outside_the_configured_targets_is_refused_with_403(): void
    {
        $this->relay(['url' => 'https://elsewhere.example/steal'])
            ->assertStatus(403)
            ->assertJsonPath('error.code', 'TARGET_NOT_ALLOWED');
    }

    public function test_every_frame_carries_the_routes_revision_the_routes_endpoint_answers_and_it_follows_new_routes(): void
    {
        $before = $this->getJson('/http-client/api/routes')->assertOk()->json('revision');
        [$meta] = $this->frame($this->relay(['url' => '/api/users']));
        $this->assertSame($before, $meta['routesRevision']);

        $this->app['router']->get('api/added-while-running', fn () => ['ok' => true]);
        $this->app['router']->getRoutes()->refreshNameLookups();

        $after = $this->getJson('/http-client/api/routes')->assertOk()->json('revision');
        $this->assertNotSame($before, $after);
        [$meta] = $this->frame($this->relay(['url' => '/api/users']));
        $this->assertSame($after, $meta['routesRevision']);
    }

        public function test_an_absolute_url_of_this_application_is_dispatched_in_process(): void
    {
        [$meta] = $this->frame($this->relay(['url' => 'http://localhost/api/users']));

        $this->assertSame(200, $meta['status']);
    }
}
