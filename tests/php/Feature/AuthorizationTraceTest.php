<?php

namespace Kite\Tests\Feature;

use Kite\Tests\TestCase;

/** "Why the app said no": the trace names each gate and policy check, and the route middleware that refused. */
class AuthorizationTraceTest extends TestCase
{
    private function as(?string $email, string $method, string $url): array
    {
        config(['kite.impersonation.enabled' => true]);
        $authorization = $email === null ? ['type' => 'none'] : ['type' => 'impersonate', 'userId' => (string) $this->user($email)->id];

        return $this->frame($this->relay(['method' => $method, 'url' => $url, 'authorization' => $authorization], $this->loggedInSession($this->user('ada@example.com'))));
    }

    public function test_a_policy_check_in_the_action_is_recorded_with_policy_user_model_result_and_where(): void
    {
        $alan = $this->user('alan@example.com');
        [$meta] = $this->as('alan@example.com', 'PATCH', '/api/bookings/BK-ORION');

        $this->assertSame(403, $meta['status']);
        $this->assertCount(1, $meta['trace']['authorization']);
        $check = $meta['trace']['authorization'][0];
        $this->assertSame('update', $check['ability']);
        $this->assertSame('App\\Policies\\BookingPolicy', $check['policy']);
        $this->assertSame('update', $check['method']);
        $this->assertSame('App\\Models\\User#'.$alan->id, $check['user']);
        $this->assertSame(['App\\Models\\Booking#1'], $check['arguments']);
        $this->assertFalse($check['allowed']);
        $this->assertSame('routes/api.php', $check['file']);
        $this->assertIsInt($check['line']);
        $this->assertArrayNotHasKey('refusedBy', $meta['trace'], 'the action refused, not route middleware');

        [$owner] = $this->as('ada@example.com', 'PATCH', '/api/bookings/BK-ORION');
        $this->assertSame(200, $owner['status']);
        $this->assertTrue($owner['trace']['authorization'][0]['allowed']);
    }

    public function test_route_middleware_that_refused_is_named_as_the_route_names_it(): void
    {
        [$guest] = $this->as(null, 'DELETE', '/api/bookings/BK-ORION');
        $this->assertSame(401, $guest['status']);
        $this->assertSame(['middleware' => 'auth', 'status' => 401, 'message' => 'Unauthenticated.'], $guest['trace']['refusedBy']);
        $this->assertSame([], $guest['trace']['authorization']);

        [$other] = $this->as('grace@example.com', 'DELETE', '/api/bookings/BK-ORION');
        $this->assertSame(403, $other['status']);
        $this->assertSame('can:update,booking', $other['trace']['refusedBy']['middleware']);
        $this->assertSame(403, $other['trace']['refusedBy']['status']);
        $this->assertSame('App\\Policies\\BookingPolicy', $other['trace']['authorization'][0]['policy']);
        $this->assertFalse($other['trace']['authorization'][0]['allowed']);
        $this->assertArrayNotHasKey('file', $other['trace']['authorization'][0], 'a check made by route middleware has no place in the app to point at');

        [$owner] = $this->as('ada@example.com', 'DELETE', '/api/bookings/BK-ORION');
        $this->assertSame(200, $owner['status']);
        $this->assertArrayNotHasKey('refusedBy', $owner['trace']);
    }
}
