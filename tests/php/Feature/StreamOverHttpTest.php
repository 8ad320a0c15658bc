<?php

namespace Kite\Tests\Feature;

use Kite\Kite;
use Kite\Tests\Support\PhpServer;
use Kite\Tests\Support\ScratchApp;
use Kite\Tests\TestCase as KiteTestCase;
use PHPUnit\Framework\TestCase;

/**
 * Streamed relay answers over real HTTP, from the fixture app under `php -S` with ONE worker: the
 * pieces leave as the app writes them, and Kite ends an endless stream at its timeout, at the body
 * limit and when the browser goes away, after which the single worker answers the next call.
 */
class StreamOverHttpTest extends TestCase
{
    /** The body limit of this server: 2 KB. */
    private const MAX_BODY_BYTES = 2048;

    private static ScratchApp $app;

    private static PhpServer $server;

    private static string $cookieJar;

    public static function setUpBeforeClass(): void
    {
        $stub = var_export(Kite::packagePath('stubs/config/kite.php'), true);
        self::$app = new ScratchApp(['kite' => "<?php\n\$config = require {$stub};\n\$config['relay']['max_body_mb'] = ".self::MAX_BODY_BYTES." / 1024 / 1024;\nreturn \$config;\n"]);
        [$code, $output] = self::$app->artisan('migrate:fresh --seed --force');
        if ($code !== 0) {
            throw new \RuntimeException($output);
        }
        self::$server = new PhpServer(self::$app->documentRoot(), self::$app->router(), self::$app->env());
        self::$cookieJar = tempnam(sys_get_temp_dir(), 'kite-cookies-');
    }

    public static function tearDownAfterClass(): void
    {
        self::$server->stop();
        self::$app->remove();
        @unlink(self::$cookieJar);
    }

    /**
     * Relays $request and reads the answer as it arrives; $until may end the read early (as a
     * browser's Cancel does) by answering true for the bytes so far.
     *
     * @return array{0: string, 1: list<array{0: float, 1: string}>} the bytes and each chunk with its arrival (s since the start)
     */
    private function relayStreaming(array $request, ?callable $until = null): array
    {
        $this->page();
        $chunks = [];
        $bytes = '';
        $started = microtime(true);
        $curl = curl_init(self::$server->url('/http-client/api/relay'));
        curl_setopt_array($curl, [
            CURLOPT_POST => true,
            CURLOPT_COOKIEFILE => self::$cookieJar,
            CURLOPT_HTTPHEADER => ['Content-Type: application/json', 'Accept: application/json', 'X-XSRF-TOKEN: '.$this->xsrf()],
            CURLOPT_POSTFIELDS => json_encode($request + ['method' => 'GET', 'headers' => [], 'query' => [], 'body' => ['type' => 'none'], 'authorization' => ['type' => 'none']]),
            CURLOPT_TIMEOUT => 10,
            CURLOPT_WRITEFUNCTION => function ($curl, string $chunk) use (&$chunks, &$bytes, $started, $until) {
                $chunks[] = [microtime(true) - $started, $chunk];
                $bytes .= $chunk;

                return $until !== null && $until($bytes) ? 0 : strlen($chunk);
            },
        ]);
        $ok = curl_exec($curl);
        if ($until === null) {
            $this->assertTrue($ok, 'the relay answered: '.curl_error($curl));
            $this->assertSame(200, curl_getinfo($curl, CURLINFO_RESPONSE_CODE));
            $this->assertSame('application/vnd.kite.relay-frame', curl_getinfo($curl, CURLINFO_CONTENT_TYPE));
        }
        curl_close($curl);

        return [$bytes, $chunks];
    }

    private function page(): void
    {
        $curl = curl_init(self::$server->url('/http-client'));
        curl_setopt_array($curl, [CURLOPT_RETURNTRANSFER => true, CURLOPT_COOKIEJAR => self::$cookieJar, CURLOPT_COOKIEFILE => self::$cookieJar, CURLOPT_TIMEOUT => 10]);
        curl_exec($curl);
        curl_close($curl);
    }

    private function xsrf(): string
    {
        foreach (file(self::$cookieJar) as $line) {
            $fields = explode("\t", trim($line));
            if (count($fields) === 7 && $fields[5] === 'XSRF-TOKEN') {
                return urldecode($fields[6]);
            }
        }
        $this->fail('the page set no XSRF-TOKEN cookie');
    }

    private function userCount(): int
    {
        return (int) (new \PDO('sqlite:'.self::$app->basePath.'/storage/database.sqlite'))->query('select count(*) from users')->fetchColumn();
    }

    public function test_each_event_leaves_as_the_app_writes_it(): void
    {
        [$bytes, $chunks] = $this->relayStreaming(['url' => '/api/stream/events?count=4&interval_ms=300']);
        [, $pieces, $trailer] = KiteTestCase::decodeStreamedFrame($bytes);

        $this->assertCount(4, $pieces);
        $this->assertSame('complete', $trailer['end']);
        // The first event arrived while the app still had 900 ms of events to write.
        $first = null;
        $last = null;
        foreach ($chunks as [$at, $chunk]) {
            if (str_contains($chunk, 'event: open')) {
                $first = $at;
            }
            if (str_contains($chunk, 'event: done')) {
                $last = $at;
            }
        }
        $this->assertNotNull($first);
        $this->assertNotNull($last);
        $this->assertGreaterThan(0.75, $last - $first, 'the events arrived one by one, not all at the end');
    }

    public function test_an_endless_stream_ends_at_the_relay_timeout_and_the_frame_stays_whole(): void
    {
        $started = microtime(true);
        [$bytes] = $this->relayStreaming(['url' => '/api/stream/endless?interval_ms=20', 'timeoutMs' => 400]);
        [, $pieces, $trailer] = KiteTestCase::decodeStreamedFrame($bytes);

        $this->assertSame('timeout', $trailer['end']);
        $this->assertSame('The relay timeout ran out while the app was still sending the body.', $trailer['message']);
        $this->assertGreaterThan(5, count($pieces));
        $this->assertStringStartsWith("event: tick\nid: 1\n", $pieces[0]);
        // Well under the relay's default 30 s: the call's own 400 ms timeout ended it (a bound for a
        // busy machine, not a measurement).
        $this->assertLessThan(20, microtime(true) - $started);
    }

    public function test_an_endless_stream_is_cut_at_the_body_limit(): void
    {
        [$bytes] = $this->relayStreaming(['url' => '/api/stream/endless?interval_ms=1']);
        [, $pieces, $trailer] = KiteTestCase::decodeStreamedFrame($bytes);

        $this->assertSame('limit', $trailer['end']);
        $this->assertTrue($trailer['truncated']);
        $this->assertFalse($trailer['bodySizeKnown']);
        $this->assertSame(self::MAX_BODY_BYTES, $trailer['bodyBytes']);
        $this->assertGreaterThan(self::MAX_BODY_BYTES, $trailer['bodySize']);
        // Exactly the first 2 KB the app wrote, in order.
        $written = '';
        for ($n = 1; strlen($written) < self::MAX_BODY_BYTES; $n++) {
            $written .= "event: tick\nid: {$n}\ndata: {\"n\":{$n}}\n\n";
        }
        $this->assertSame(substr($written, 0, self::MAX_BODY_BYTES), implode('', $pieces));
    }

    public function test_when_the_browser_goes_away_the_stream_ends_its_writes_roll_back_and_the_single_worker_answers_again(): void
    {
        $before = $this->userCount();
        [$bytes] = $this->relayStreaming(['url' => '/api/stream/endless?interval_ms=20&write=1', 'transaction' => true], fn (string $bytes) => substr_count($bytes, 'event: tick') >= 3);
        $this->assertStringContainsString('"streaming":true', $bytes);

        // The one worker is free again: the endless callback stopped at its next write.
        $started = microtime(true);
        [$next] = $this->relayStreaming(['url' => '/api/stream/ndjson?count=2&interval_ms=0']);
        $this->assertLessThan(3, microtime(true) - $started);
        [, $pieces] = KiteTestCase::decodeStreamedFrame($next);
        $this->assertCount(2, $pieces);
        $this->assertSame($before, $this->userCount(), 'the write of the cancelled call was rolled back');
    }
}
