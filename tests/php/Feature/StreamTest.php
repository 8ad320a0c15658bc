<?php

namespace Kite\Tests\Feature;

use App\Models\User;
use Illuminate\Contracts\Debug\ExceptionHandler;
use Illuminate\Support\Facades\DB;
use Kite\Tests\TestCase;
use Kite\Trace\Recorder;
use Kite\Trace\ReportingHandler;
use Symfony\Component\VarDumper\VarDumper;

/**
 * A streaming body of the app itself (a StreamedResponse, SSE, NDJSON) is relayed in the streaming
 * form of the frame (protocol/frame-stream.js), each write of the app one piece, with the call's
 * isolation and trace active while its callback runs and put back after it, whatever happened.
 * Endings that stop the app (timeout, body limit, a closed connection) run over HTTP in
 * StreamOverHttpTest: they need a server without a test harness's output buffer.
 */
class StreamTest extends TestCase
{
    public function test_server_sent_events_come_as_a_streamed_frame_one_piece_per_event_with_the_trailer_at_the_end(): void
    {
        $response = $this->relay(['url' => '/api/stream/events', 'query' => [['name' => 'count', 'value' => '3'], ['name' => 'interval_ms', 'value' => '0']]]);
        $content = $response->streamedContent();
        [$head, $pieces, $trailer] = self::decodeStreamedFrame($content);

        // The head: what was known when the kernel answered, without sizes or total time.
        $this->assertSame(200, $head['status']);
        $this->assertSame('OK', $head['statusText']);
        $this->assertContains(['Content-Type', 'text/event-stream; charset=utf-8'], $head['headers']);
        $this->assertSame(['ttfbMs'], array_keys($head['timing']));
        $this->assertNotEmpty($head['routesRevision']);
        $this->assertStringEndsWith('/api/stream/events?count=3&interval_ms=0', $head['url']);
        foreach (['bodySize', 'bodyBytes', 'truncated', 'trace'] as $later) {
            $this->assertArrayNotHasKey($later, $head);
        }
        $this->assertSame('no', $response->headers->get('X-Accel-Buffering'));

        // One piece per write of the app, each a whole event.
        $this->assertCount(3, $pieces);
        $this->assertMatchesRegularExpression('/^event: open\nid: 1\ndata: \{"n":1,"of":3,"sentAt":\d+\}\n\n$/', $pieces[0]);
        $this->assertStringStartsWith("event: tick\nid: 2\n", $pieces[1]);
        $this->assertStringStartsWith("event: done\nid: 3\n", $pieces[2]);

        // The trailer: sizes, the time in the app, the trace, and why it ended.
        $size = strlen(implode('', $pieces));
        $this->assertSame(['bodySize' => $size, 'bodyBytes' => $size, 'truncated' => false], array_intersect_key($trailer, array_flip(['bodySize', 'bodyBytes', 'truncated'])));
        $this->assertSame('complete', $trailer['end']);
        $this->assertArrayNotHasKey('message', $trailer);
        $this->assertGreaterThan(0, $trailer['timing']['appMs']);
        $this->assertGreaterThanOrEqual($trailer['timing']['appMs'], $trailer['timing']['totalMs']);
        $this->assertGreaterThan(0, $trailer['trace']['appTimeMs']);

        // Byte for byte, the frame is the Node host's streaming form (frame-stream.js).
        $expected = json_encode($head, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION)."\n";
        foreach ($pieces as $piece) {
            $expected .= strlen($piece)."\n".$piece;
        }
        $expected .= "0\n".json_encode($trailer, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION)."\n";
        $this->assertSame($expected, $content);
    }

    public function test_ndjson_written_without_any_flush_still_comes_one_piece_per_write(): void
    {
        [$head, $pieces, $trailer] = $this->streamedFrame($this->relay(['url' => '/api/stream/ndjson', 'query' => [['name' => 'count', 'value' => '4'], ['name' => 'interval_ms', 'value' => '0']]]));

        $this->assertContains(['Content-Type', 'application/x-ndjson'], $head['headers']);
        $this->assertSame(['line 1 of 4', 'line 2 of 4', 'line 3 of 4', 'line 4 of 4'], array_map(fn ($piece) => json_decode($piece, true)['message'], $pieces));
        $this->assertSame('complete', $trailer['end']);
    }

    public function test_a_plain_streamed_response_streams_and_a_whole_json_answer_keeps_the_plain_frame(): void
    {
        [, $pieces] = $this->streamedFrame($this->relay(['url' => '/api/streamed']));
        $this->assertSame(['streamed ', 'body'], $pieces);

        $plain = $this->relay(['url' => '/api/users']);
        $this->assertNotInstanceOf(\Symfony\Component\HttpFoundation\StreamedResponse::class, $plain->baseResponse);
        [$meta] = $this->frame($plain);
        $this->assertArrayNotHasKey('streaming', $meta);
        // HEAD never streams.
        [$head] = $this->frame($this->relay(['method' => 'HEAD', 'url' => '/api/stream/events']));
        $this->assertArrayNotHasKey('streaming', $head);
    }

    public function test_the_callback_runs_as_the_relayed_call_and_the_relay_call_finds_everything_as_it_was(): void
    {
        $this->app['config']->set('kite.impersonation.enabled', true);
        $grace = $this->user('grace@example.com');
        $handler = $this->app->make(ExceptionHandler::class);
        $dumper = VarDumper::setHandler(null);
        VarDumper::setHandler($dumper);

        $response = $this->relay(['method' => 'POST', 'url' => '/api/stream/write', 'authorization' => ['type' => 'impersonate', 'userId' => (string) $grace->id]], $this->loggedInSession($this->user('ada@example.com')));
        $request = $this->app['request'];
        $auth = $this->app['auth'];
        $session = $this->app['session.store'];
        $guard = config('auth.defaults.guard');
        [$head, $pieces, $trailer] = $this->streamedFrame($response);

        // Inside the callback: the impersonated user, the call's own trace.
        $written = json_decode($pieces[0], true);
        $this->assertSame($grace->id, $written['user'], 'the callback runs with the relayed call\'s guards');
        $this->assertSame('Streamed during', User::find($written['during'])->name, 'without transaction mode the writes stay');
        $this->assertSame(['written while streaming'], array_column($trailer['trace']['logs'], 'message'));
        $this->assertNotEmpty(array_filter($trailer['trace']['queries'], fn ($query) => str_starts_with($query['sql'], 'insert into "users"')));
        $this->assertArrayNotHasKey('rolledBack', $trailer['trace']);

        // After it: the relay call's own services, nothing recording.
        $this->assertSame($request, $this->app['request']);
        $this->assertSame($auth, $this->app['auth']);
        $this->assertSame($session, $this->app['session.store']);
        $this->assertSame($guard, config('auth.defaults.guard'));
        $this->assertNull(Recorder::active());
        $this->assertSame($handler, $this->app->make(ExceptionHandler::class));
        $this->assertSame($dumper, VarDumper::setHandler($dumper));
        $this->assertSame($this->user('ada@example.com')->id, auth()->id(), 'the browser is still logged in as itself');
    }

    public function test_transaction_mode_rolls_back_what_the_call_wrote_before_and_while_it_streamed(): void
    {
        foreach (['' => 'complete', 'explode' => 'error'] as $then => $end) {
            $response = $this->relay(['method' => 'POST', 'url' => '/api/stream/write', 'query' => $then === '' ? [] : [['name' => 'then', 'value' => $then]], 'transaction' => true]);
            // While the relay answer waits to be sent, the call's transaction is still open for its callback.
            [, $pieces, $trailer] = $this->streamedFrame($response);

            $written = json_decode($pieces[0], true);
            $this->assertSame(5, $written['users'], "{$then}: the callback sees both writes");
            $this->assertSame($end, $trailer['end']);
            $this->assertTrue($trailer['trace']['rolledBack']);
            $this->assertSame(3, User::count(), "{$then}: no user stays written");
            $this->assertNull(User::find($written['before']));
            foreach (DB::getConnections() as $name => $connection) {
                $this->assertSame(0, $connection->transactionLevel(), "a transaction stays open on {$name}");
            }
            $this->assertNull(Recorder::active());
        }
    }

    public function test_an_exception_in_the_callback_ends_the_stream_with_an_error_and_is_traced(): void
    {
        $handler = $this->app->make(ExceptionHandler::class);

        [$head, $pieces, $trailer] = $this->streamedFrame($this->relay(['url' => '/api/stream/fails']));

        $this->assertSame(200, $head['status'], 'the app had answered 200 before its callback failed');
        $this->assertSame(["data: one\n\n", "data: two\n\n"], $pieces);
        $this->assertSame('error', $trailer['end']);
        $this->assertSame('The app failed while it sent the body: RuntimeException: The stream broke after two events', $trailer['message']);
        $this->assertSame('RuntimeException', $trailer['trace']['exception']['class']);
        $this->assertSame($handler, $this->app->make(ExceptionHandler::class));
        $this->assertNotInstanceOf(ReportingHandler::class, $this->app->make(ExceptionHandler::class));
        $this->assertNull(Recorder::active());
    }

    public function test_a_streamed_answer_that_is_never_sent_still_rolls_back_and_puts_everything_back(): void
    {
        $response = $this->relay(['method' => 'POST', 'url' => '/api/stream/write', 'transaction' => true]);
        $this->assertSame(1, DB::connection()->transactionLevel(), 'the call\'s transaction waits for its callback');
        unset($response);
        gc_collect_cycles();

        $this->assertSame(0, DB::connection()->transactionLevel());
        $this->assertSame(3, User::count());
        $this->assertNull(Recorder::active());
    }
}
