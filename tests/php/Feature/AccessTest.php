<?php

namespace Kite\Tests\Feature;

use Kite\Tests\TestCase;

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
}
