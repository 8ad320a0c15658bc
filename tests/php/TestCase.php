<?php

namespace Kite\Tests;

use App\Models\User;
use Illuminate\Contracts\Console\Kernel;
use Illuminate\Foundation\Testing\TestCase as BaseTestCase;
use Illuminate\Support\Facades\Auth;
use Illuminate\Testing\TestResponse;
use Symfony\Component\HttpFoundation\StreamedResponse;

/** Boots the application under test (Laravel 12's prepared app or the Laravel 8 fixture; in-memory SQLite, array sessions) with three seeded users. */
abstract class TestCase extends BaseTestCase
{
    /** Debian ships no Mockery, which Laravel's console output mocking needs. */
    public $mockConsoleOutput = false;

    protected const TOKEN = 'test-csrf-token-0123456789abcdefghijklmn';

    public function createApplication()
    {
        $app = require (Support\ScratchApp::laravelApp() ?? __DIR__.'/fixture').'/bootstrap/app.php';
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
     * Splits a framed relay response into its metadata and body; a streamed frame's metadata is
     * its head with the trailer merged over it (as protocol/frame-stream.js mergeStreamTrailer).
     *
     * @return array{0: array, 1: string}
     */
    protected function frame(TestResponse $response): array
    {
        if ($response->baseResponse instanceof StreamedResponse) {
            [$head, $pieces, $trailer] = $this->streamedFrame($response);
            $timing = $trailer['timing'];
            unset($trailer['timing']);

            return [array_merge($head, $trailer, ['timing' => array_merge($head['timing'], $timing)]), implode('', $pieces)];
        }
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

    /**
     * Reads a streamed relay frame (protocol/frame-stream.js) byte by byte: the head line, each
     * piece as `<length>\n<bytes>`, `0\n` and the trailer line, and nothing after it.
     *
     * @return array{0: array, 1: list<string>, 2: array} head, pieces, trailer
     */
    protected function streamedFrame(TestResponse $response): array
    {
        $response->assertOk();
        $this->assertInstanceOf(StreamedResponse::class, $response->baseResponse, 'the relay answered a streamed frame');
        $this->assertSame('application/vnd.kite.relay-frame', $response->headers->get('Content-Type'));

        return self::decodeStreamedFrame($response->streamedContent());
    }

    /** @return array{0: array, 1: list<string>, 2: array} head, pieces, trailer */
    public static function decodeStreamedFrame(string $content): array
    {
        $at = strpos($content, "\n");
        self::assertNotFalse($at, 'the frame has a metadata line');
        $head = json_decode(substr($content, 0, $at), true, 512, JSON_THROW_ON_ERROR);
        self::assertTrue($head['streaming'] ?? null, 'the metadata line opens the streaming form');
        $at++;
        $pieces = [];
        for (;;) {
            $newline = strpos($content, "\n", $at);
            self::assertNotFalse($newline, 'every piece has a length line');
            $length = substr($content, $at, $newline - $at);
            self::assertMatchesRegularExpression('/^\d+$/', $length, 'a length line is decimal digits');
            $at = $newline + 1;
            if ((int) $length === 0) {
                break;
            }
            $pieces[] = substr($content, $at, (int) $length);
            self::assertSame((int) $length, strlen(end($pieces)), 'the piece has the bytes its length says');
            $at += (int) $length;
        }
        self::assertStringEndsWith("\n", $content, 'the trailer ends the frame with a newline');
        $trailer = json_decode(substr($content, $at, -1), true, 512, JSON_THROW_ON_ERROR);
        self::assertSame(strlen(implode('', $pieces)), $trailer['bodyBytes'], 'the trailer counts the bytes the pieces held');

        return [$head, $pieces, $trailer];
    }
}
