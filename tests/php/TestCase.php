<?php

namespace Kite\Tests;

use App\Models\User;
use Illuminate\Contracts\Console\Kernel;
use Illuminate\Foundation\Testing\TestCase as BaseTestCase;
use Illuminate\Support\Facades\Auth;
use Illuminate\Testing\TestResponse;

/** Boots the fixture application (in-memory SQLite, array sessions) with three seeded users. */
abstract class TestCase extends BaseTestCase
{
    /** Debian ships no Mockery, which Laravel's console output mocking needs. */
    public $mockConsoleOutput = false;

    protected const TOKEN = 'test-csrf-token-0123456789abcdefghijklmn';

    public function createApplication()
    {
        $app = require __DIR__.'/fixture/bootstrap/app.php';
        $app->make(Kernel::class)->bootstrap();

        return $app;
    }

    protected function setUp(): void
    {
        parent::setUp();
        $this->artisan('migrate', ['--force' => true]);
        $this->artisan('db:seed', ['--force' => true]);
    }

    protected function user(string $email): User
    {
        return User::where('email', $email)->firstOrFail();
    }

    /** Session attributes of a browser logged in as $user (as the session guard stores them). */
    protected function loggedInSession(User $user): array
    {
        return ['_token' => self::TOKEN, Auth::guard('web')->getName() => $user->getAuthIdentifier()];
    }

    /** POSTs a RelayRequest to the relay with this session's CSRF token. */
    protected function relay(array $request, array $session = ['_token' => self::TOKEN], array $headers = []): TestResponse
    {
        $payload = $request + ['method' => 'GET', 'headers' => [['name' => 'Accept', 'value' => 'application/json']], 'query' => [], 'body' => ['type' => 'none'], 'authorization' => ['type' => 'none']];

        return $this->withSession($session)->call(
            'POST',
            '/http-client/api/relay',
            [],
            [],
            [],
            $this->transformHeadersToServerVars($headers + ['X-CSRF-TOKEN' => self::TOKEN, 'Content-Type' => 'application/json', 'Accept' => 'application/json']),
            json_encode($payload)
        );
    }

    /**
     * Splits a framed relay response into its metadata and body.
     *
     * @return array{0: array, 1: string}
     */
    protected function frame(TestResponse $response): array
    {
        $response->assertOk();
        $this->assertSame('application/vnd.kite.relay-frame', $response->headers->get('Content-Type'));
        $content = $response->getContent();
        $newline = strpos($content, "\n");
        $this->assertNotFalse($newline, 'the frame has a metadata line');
        $meta = json_decode(substr($content, 0, $newline), true, 512, JSON_THROW_ON_ERROR);
        $body = substr($content, $newline + 1);
        $this->assertSame($meta['bodyBytes'], strlen($body));

        return [$meta, $body];
    }
}
