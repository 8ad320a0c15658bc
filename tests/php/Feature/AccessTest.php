<?php

namespace Kite\Tests\Feature;

use Kite\Tests\TestCase;
use PHPUnit\Framework\Attributes\DataProvider;

class AccessTest extends TestCase
{
    public function test_in_a_local_environment_anyone_can_open_kite(): void
    {
        $this->get('/http-client')->assertOk()->assertSee('window.Kite', false);
        $this->get('/http-client/settings')->assertOk();
        $this->getJson('/http-client/api/routes')->assertOk();
    }

    public function test_outside_the_allowed_environments_guests_get_a_plain_404_everywhere(): void
    {
        $this->app['env'] = 'production';

        $this->get('/http-client')->assertNotFound();
        $this->get('/http-client/status')->assertNotFound();
        $this->getJson('/http-client/api/routes')->assertNotFound()->assertJsonMissing(['error' => ['code' => 'NOT_FOUND']]);
        $this->getJson('/http-client/api/status')->assertNotFound();
    }

    public function test_outside_the_allowed_environments_every_method_on_every_kite_url_is_a_plain_404(): void
    {
        $this->app['env'] = 'production';

        $answers = [];
        foreach (['/http-client', '/http-client/settings', '/http-client/api/routes', '/http-client/api/status', '/http-client/api/relay', '/http-client/api/nope'] as $uri) {
            foreach (['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as $method) {
                foreach ([[], ['X-CSRF-TOKEN' => self::TOKEN]] as $headers) {
                    $response = $this->withSession(['_token' => self::TOKEN])->call($method, $uri, [], [], [], $this->transformHeadersToServerVars($headers + ['Accept' => 'application/json']), '{}');
                    $answers["{$method} {$uri}".($headers ? ' with token' : '')] = $response->getStatusCode().(str_contains((string) $response->getContent(), '"error":{') ? ' Kite error body' : '');
                }
            }
        }

        $this->assertSame(array_fill_keys(array_keys($answers), '404'), $answers);
    }

    public function test_outside_the_allowed_environments_methods_the_router_does_not_know_are_a_plain_404_too(): void
    {
        $this->app['env'] = 'production';

        $answers = [];
        foreach (['/http-client', '/http-client/settings', '/http-client/api/routes', '/http-client/api/workspace/files/requests/a.json', '/http-client/api/nope'] as $uri) {
            foreach (['PROPFIND', 'TRACE', 'MKCOL', 'FROBNICATE'] as $method) {
                $response = $this->call($method, $uri, [], [], [], $this->transformHeadersToServerVars(['Accept' => 'application/json']));
                $answers["{$method} {$uri}"] = $response->getStatusCode().($response->headers->has('Allow') ? ' Allow: '.$response->headers->get('Allow') : '').(str_contains((string) $response->getContent(), '"error":{') ? ' Kite error body' : '');
            }
        }

        $this->assertSame(array_fill_keys(array_keys($answers), '404'), $answers);
    }

    public function test_where_kite_is_open_unknown_methods_and_oversized_bodies_get_the_protocols_error_body(): void
    {
        $this->call('PROPFIND', '/http-client/settings')->assertStatus(405)->assertJsonPath('error.code', 'METHOD_NOT_ALLOWED')->assertHeader('Allow', 'GET, HEAD');
        $this->call('TRACE', '/http-client/api/status')->assertStatus(405)->assertJsonPath('error.code', 'METHOD_NOT_ALLOWED');
        // Past PHP's post_max_size the app's ValidatePostSize answers before any route.
        $this->call('POST', '/http-client/api/relay', [], [], [], ['CONTENT_LENGTH' => (string) (1024 ** 4), 'CONTENT_TYPE' => 'application/json'], '{}')
            ->assertStatus(413)
            ->assertJsonPath('error.code', 'RELAY_REQUEST_TOO_LARGE');
        $this->call('PUT', '/http-client/api/workspace/files/requests/a.json', [], [], [], ['CONTENT_LENGTH' => (string) (1024 ** 4), 'CONTENT_TYPE' => 'application/json'], '{}')
            ->assertStatus(413)
            ->assertJsonPath('error.code', 'INVALID_WORKSPACE_FILE');
    }

    public function test_outside_the_allowed_environments_users_the_gate_allows_still_get_kites_419(): void
    {
        $this->app['env'] = 'production';

        $this->actingAs($this->user('ada@example.com'))
            ->relay(['url' => '/api/users'], headers: ['X-CSRF-TOKEN' => 'wrong'])
            ->assertStatus(419)
            ->assertJsonPath('error.code', 'XSRF_MISMATCH');
    }

    public function test_outside_the_allowed_environments_the_view_kite_gate_decides(): void
    {
        $this->app['env'] = 'production';

        $this->actingAs($this->user('grace@example.com'))->get('/http-client')->assertNotFound();
        $this->actingAs($this->user('ada@example.com'))->get('/http-client')->assertOk();
    }

    public function test_the_allowed_environments_come_from_the_config(): void
    {
        config(['kite.environments' => ['staging']]);
        $this->app['env'] = 'staging';

        $this->get('/http-client')->assertOk();
    }

    public function test_when_disabled_kite_has_no_routes_at_all(): void
    {
        $_SERVER['KITE_ENABLED'] = $_ENV['KITE_ENABLED'] = 'false';
        putenv('KITE_ENABLED=false');
        try {
            $this->refreshApplication();
            $this->assertFalse(config('kite.enabled'));
            $this->assertFalse(app('router')->has('kite.page'));
            $this->get('/http-client')->assertNotFound();
        } finally {
            unset($_SERVER['KITE_ENABLED'], $_ENV['KITE_ENABLED']);
            putenv('KITE_ENABLED');
        }
    }

    public function test_an_unknown_api_endpoint_is_a_protocol_404(): void
    {
        $this->getJson('/http-client/api/nope')->assertNotFound()->assertJsonPath('error.code', 'NOT_FOUND');
    }

    public function test_kite_refuses_a_host_that_is_not_the_apps_with_a_403_naming_the_setting(): void
    {
        $this->get('http://rebound.example/http-client')
            ->assertForbidden()
            ->assertSee("Kite does not answer on the host 'rebound.example'", false)
            ->assertSee('kite.allowed_hosts', false);
        $this->getJson('http://rebound.example/http-client/api/routes')
            ->assertForbidden()
            ->assertJsonPath('error.code', 'HOST_NOT_ALLOWED');
        $this->relay(['url' => '/api/users'], headers: ['Host' => 'rebound.example'])
            ->assertForbidden()
            ->assertJsonPath('error.code', 'HOST_NOT_ALLOWED');
    }

    public function test_kite_answers_on_the_app_url_host_loopback_names_and_the_allowed_hosts(): void
    {
        config(['app.url' => 'https://shop.example', 'kite.allowed_hosts' => ['tools.example', '*.tenants.example']]);

        foreach (['shop.example', 'localhost', '127.0.0.1', '[::1]', 'tools.example', 'acme.tenants.example', 'TOOLS.example'] as $host) {
            $this->get("http://{$host}/http-client")->assertOk();
        }
        $this->get('http://tenants.example.evil/http-client')->assertForbidden();
        $this->get('http://shop.example.evil/http-client')->assertForbidden();
    }

    public function test_the_allowed_hosts_come_from_kite_allowed_hosts_in_the_environment(): void
    {
        putenv('KITE_ALLOWED_HOSTS=one.example, two.example');
        $_ENV['KITE_ALLOWED_HOSTS'] = $_SERVER['KITE_ALLOWED_HOSTS'] = 'one.example, two.example';
        try {
            $this->refreshApplication();
            $this->assertSame(['one.example', 'two.example'], config('kite.allowed_hosts'));
            $this->get('http://two.example/http-client')->assertOk();
        } finally {
            unset($_ENV['KITE_ALLOWED_HOSTS'], $_SERVER['KITE_ALLOWED_HOSTS']);
            putenv('KITE_ALLOWED_HOSTS');
        }
    }

    public function test_api_calls_from_a_foreign_or_null_origin_are_refused(): void
    {
        $this->getJson('/http-client/api/routes', ['Origin' => 'http://rebound.example'])
            ->assertForbidden()
            ->assertJsonPath('error.code', 'ORIGIN_NOT_ALLOWED');
        $this->relay(['url' => '/api/users'], headers: ['Origin' => 'null'])
            ->assertForbidden()
            ->assertJsonPath('error.code', 'ORIGIN_NOT_ALLOWED');

        $this->getJson('/http-client/api/routes', ['Origin' => 'http://localhost:8000'])->assertOk();
        $this->frame($this->relay(['url' => '/api/users'], headers: ['Origin' => 'http://localhost']));
    }

    public function test_outside_the_allowed_environments_a_foreign_host_is_a_plain_404_to_those_the_gate_refuses(): void
    {
        $this->app['env'] = 'production';

        $this->get('http://rebound.example/http-client')->assertNotFound();
        $this->actingAs($this->user('ada@example.com'))->get('http://rebound.example/http-client')->assertForbidden();
    }

    /** @dataProvider otherMethods */

    #[DataProvider('otherMethods')]
    public function test_other_methods_on_the_page_are_a_405_where_kite_is_open(string $method): void
    {
        $this->withSession(['_token' => self::TOKEN])
            ->call($method, '/http-client/settings', [], [], [], $this->transformHeadersToServerVars(['X-CSRF-TOKEN' => self::TOKEN]))
            ->assertStatus(405)
            ->assertJsonPath('error.code', 'METHOD_NOT_ALLOWED')
            ->assertHeader('Allow', 'GET, HEAD');
    }

    public static function otherMethods(): array
    {
        return array_combine(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'], array_map(static fn ($method) => [$method], ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']));
    }
}
