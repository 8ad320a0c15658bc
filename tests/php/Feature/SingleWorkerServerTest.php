<?php

namespace Kite\Tests\Feature;

use Kite\Kite;
use Kite\Tests\Support\KiteOverHttp;
use Kite\Tests\Support\PhpServer;
use Kite\Tests\Support\ScratchApp;
use PHPUnit\Framework\TestCase;

/**
 * The fixture app under `php -S` with a single worker, called over real HTTP with a cookie jar,
 * like a browser: the relay to the app itself must answer (no deadlock), and external targets go
 * through Laravel's HTTP client.
 */
class SingleWorkerServerTest extends TestCase
{
    use KiteOverHttp;

    private static ScratchApp $app;

    private static PhpServer $server;

    private static PhpServer $external;

    protected function kiteServer(): PhpServer
    {
        return self::$server;
    }

    public static function setUpBeforeClass(): void
    {
        self::$external = new PhpServer(ScratchApp::fixturePath('external'), ScratchApp::fixturePath('external/index.php'), getenv());
        $stub = var_export(Kite::packagePath('stubs/config/kite.php'), true);
        self::$app = new ScratchApp(['kite' => "<?php\n\$config = require {$stub};\n\$config['relay']['allowed_urls'] = ['".self::$external->url()."', 'http://127.0.0.1:9'];\nreturn \$config;\n"]);
        [$code, $output] = self::$app->artisan('migrate:fresh --seed --force');
        if ($code !== 0) {
            throw new \RuntimeException($output);
        }
        self::$server = new PhpServer(self::$app->documentRoot(), self::$app->router(), self::$app->env(['KITE_IMPERSONATION' => 'true']));
    }

    public static function tearDownAfterClass(): void
    {
        self::$server->stop();
        self::$external->stop();
        self::$app->remove();
    }

    protected function setUp(): void
    {
        $this->cookieJar = tempnam(sys_get_temp_dir(), 'kite-cookies-');
    }

    protected function tearDown(): void
    {
        @unlink($this->cookieJar);
    }

    private function relay(array $request): array
    {
        return $this->relayOverHttp($request + ['authorization' => ['type' => 'current-user']]);
    }

    public function test_a_relay_to_the_app_itself_answers_on_a_single_worker_server(): void
    {
        $this->http('GET', '/_fixture/login/2');
        [$status] = $this->http('GET', '/http-client');
        $this->assertSame(200, $status);

        $started = microtime(true);
        [$status, $meta, $body] = $this->relay(['url' => '/api/me']);

        $this->assertSame(200, $status);
        $this->assertSame(200, $meta['status']);
        $this->assertSame(['id' => 2, 'name' => 'Grace Hopper'], json_decode($body, true));
        $this->assertLessThan(5, microtime(true) - $started, 'no waiting on the single worker');

        [, $meta, $body] = $this->relay(['url' => '/api/me', 'authorization' => ['type' => 'impersonate', 'userId' => '3']]);
        $this->assertSame(200, $meta['status']);
        $this->assertSame('Alan Turing', json_decode($body, true)['name']);

        $this->assertSame(['user' => 2, 'marker' => 'set-by-login', 'meddled' => null, 'status' => null], json_decode($this->http('GET', '/_fixture/session')[2], true));
    }

    public function test_the_relay_without_the_xsrf_header_is_refused(): void
    {
        $this->http('GET', '/http-client');
        $curl = curl_init(self::$server->url('/http-client/api/relay'));
        curl_setopt_array($curl, [CURLOPT_POST => true, CURLOPT_RETURNTRANSFER => true, CURLOPT_COOKIEFILE => $this->cookieJar, CURLOPT_HTTPHEADER => ['Content-Type: application/json', 'Accept: application/json'], CURLOPT_POSTFIELDS => '{}', CURLOPT_TIMEOUT => 10]);
        $body = curl_exec($curl);

        $this->assertSame(419, curl_getinfo($curl, CURLINFO_RESPONSE_CODE));
        $this->assertSame('XSRF_MISMATCH', json_decode($body, true)['error']['code']);
    }

    public function test_a_listed_external_target_is_called_with_laravels_http_client(): void
    {
        $this->http('GET', '/http-client');

        [$status, $meta, $body] = $this->relay(['method' => 'POST', 'url' => self::$external->url('/things'), 'body' => ['type' => 'json', 'text' => '{"a":1}'], 'authorization' => ['type' => 'bearer', 'token' => 'tok']]);

        $this->assertSame(200, $status);
        $this->assertSame(200, $meta['status']);
        $this->assertSame(['external' => true, 'method' => 'POST', 'path' => '/things', 'authorization' => 'Bearer tok', 'cookie' => null, 'body' => '{"a":1}', 'post' => [], 'files' => []], json_decode($body, true));
        $this->assertContains(['X-External', 'yes'], $meta['headers']);
        $this->assertSame('plain-value', $meta['cookies'][0]['value']);
    }

    public function test_an_unlisted_external_target_is_refused_with_403(): void
    {
        $this->http('GET', '/http-client');

        [$status, $error] = $this->relay(['url' => 'http://127.0.0.1:1/elsewhere']);

        $this->assertSame(403, $status);
        $this->assertSame('TARGET_NOT_ALLOWED', $error['error']['code']);
    }

    public function test_an_unreachable_target_is_502_and_a_slow_one_504(): void
    {
        $this->http('GET', '/http-client');

        [$status, $error] = $this->relay(['url' => 'http://127.0.0.1:9/closed']);
        $this->assertSame(502, $status);
        $this->assertSame('TARGET_UNREACHABLE', $error['error']['code']);

        [$status, $error] = $this->relay(['url' => self::$external->url('/slow'), 'timeoutMs' => 500]);
        $this->assertSame(504, $status);
        $this->assertSame('TARGET_TIMEOUT', $error['error']['code']);
    }
}
