<?php

namespace Kite\Relay;

use Illuminate\Contracts\Debug\ExceptionHandler;
use Illuminate\Contracts\Foundation\Application;
use Kite\Trace\Capture;
use Kite\Trace\DdCalled;
use Symfony\Component\HttpFoundation\Response;
use Symfony\Component\HttpFoundation\StreamedResponse;
use Throwable;

/**
 * A response of the app itself whose body is relayed as it is written, in the streaming form of
 * the relay frame (protocol/frame-stream.js): the metadata line with `streaming: true`, each piece
 * of the body as `<length>\n<bytes>`, then `0\n` and the trailer (sizes, total time, time in the
 * app, the trace, why it ended). The rule, like the Node host's (server/relay/stream.mjs): a
 * StreamedResponse, or a `text/event-stream`, NDJSON, JSON Lines or json-seq body, streams;
 * HEAD, 204 and 304 never do.
 *
 * The relay controller answers toResponse(), a StreamedResponse of its own. Its callback brings the
 * relayed call's IsolatedScope and trace Capture back (InProcessDispatcher suspended them once the
 * kernel had answered), runs the app's callback with every write it makes turned into a piece and
 * sent at once, and finishes the capture (transaction mode rolls back) and leaves the scope
 * afterwards, also when the app's callback throws or the browser goes away.
 *
 * The writes are caught by two output buffers, both flushed at every write (chunk size 1): the
 * framer on top turns each write into a piece; the gate under it passes pieces on. To stop the
 * app's callback (the body limit, the relay timeout, the browser closed the connection) a handler
 * throws from inside the app's `echo`. PHP then writes the throwing handler's input straight to
 * the client, past any buffer below it: so the framer returns the last piece and the gate throws
 * as it passes it (a closed connection: the framer throws, nobody reads). The framer then drops
 * whatever the app still writes. This needs no output buffer under the gate, which is how PHP
 * serves a request once php.ini's own buffer is ended (below); a test harness's buffer (Laravel's
 * streamedContent(), PHPUnit) would see a stopped stream's last piece pass by it.
 */
final class RelayStream
{
    /** Bodies that stream whatever their response class (as server/relay/stream.mjs). */
    public const CONTENT_TYPES = ['text/event-stream', 'application/x-ndjson', 'application/jsonl', 'application/json-seq'];

    private bool $closed = false;

    /** Why the body ended (protocol RelayStreamEnd) and, for timeout and error, what happened. */
    private string $end = 'complete';

    private ?string $message = null;

    private int $size = 0;

    private int $sent = 0;

    private bool $stopped = false;

    /** Set with the last piece: the gate throws when it passes it. */
    private bool $armed = false;

    /** The last byte at the body limit, until more follows or the body ends. */
    private string $held = '';

    /**
     * @param  RelayResult  $head  what the app answered, with an empty body
     * @param  int  $started  hrtime when the call started
     */
    public function __construct(
        private Application $app,
        private IsolatedScope $scope,
        private Capture $capture,
        private Response $response,
        private RelayResult $head,
        private int $started,
    ) {
    }

    /** Whether the app's answer to a $method request streams. */
    public static function streams(string $method, Response $response): bool
    {
        if ($method === 'HEAD' || in_array($response->getStatusCode(), [204, 304], true)) {
            return false;
        }
        if ($response instanceof StreamedResponse) {
            return true;
        }
        $type = strtolower(trim(explode(';', (string) $response->headers->get('Content-Type'))[0]));

        return in_array($type, self::CONTENT_TYPES, true);
    }

    /** The relay's answer: the streamed frame, written as the app writes its body. */
    public function toResponse(int $maxBodyBytes, string $routesRevision, int $timeoutMs): StreamedResponse
    {
        return new StreamedResponse(function () use ($maxBodyBytes, $routesRevision, $timeoutMs) {
            $this->send($maxBodyBytes, $routesRevision, $timeoutMs);
        }, 200, self::FRAME_HEADERS);
    }

    /** The relay frame's headers; proxies (nginx) are asked not to buffer the stream. */
    private const FRAME_HEADERS = RelayResult::FRAME_HEADERS + ['X-Accel-Buffering' => 'no'];

    /** Ends the capture and the scope if the answer was never sent (its response was dropped). */
    public function __destruct()
    {
        try {
            $this->close();
        } catch (Throwable) {
            // At shutdown the connection may be gone already, and its transaction with it.
        }
    }

    private function send(int $maxBodyBytes, string $routesRevision, int $timeoutMs): void
    {
        if ($this->closed) {
            return;
        }
        // A closed connection ends the app's callback at its next write (below), not the script
        // at once: the capture and the scope must be put back, the transactions rolled back.
        $ignoredAbort = ignore_user_abort(true);
        self::leaveDefaultBuffers();
        echo RelayResult::jsonLine($this->head->streamHead($routesRevision));
        flush();

        $deadline = $this->started + $timeoutMs * 1_000_000;
        $base = ob_get_level();
        try {
            $this->scope->resume();
            $this->capture->resume();
            ob_start(fn (string $buffer) => $this->gate($buffer), 1);
            ob_start(fn (string $buffer) => $this->frame($buffer, $maxBodyBytes, $deadline), 1);
            try {
                if (! connection_aborted()) {
                    $this->response->sendContent();
                }
            } catch (StreamStopped) {
                // $end and $message say why.
            } catch (DdCalled) {
                // dd() ends the body where it was called, as it ends the app's own answer.
            } catch (Throwable $error) {
                try {
                    $this->app->make(ExceptionHandler::class)->report($error);
                } catch (Throwable) {
                    // The trace still names the failure in the trailer's message.
                }
                $this->stopped = true;
                $this->end = 'error';
                $this->message = 'The app failed while it sent the body: '.get_class($error).': '.$error->getMessage();
            } finally {
                self::endBuffers($base);
            }
            if ($this->held !== '') {
                // The body ended exactly at the limit: its last byte goes after all.
                echo "1\n".$this->held;
                $this->sent += 1;
                $this->held = '';
            }
        } finally {
            $trace = $this->close();
            ignore_user_abort((bool) $ignoredAbort);
        }

        $trailer = ['bodySize' => $this->size, 'bodyBytes' => $this->sent, 'truncated' => $this->size > $this->sent];
        if ($trailer['truncated']) {
            // Stopped at the limit: what had arrived by then, a lower bound.
            $trailer['bodySizeKnown'] = false;
        }
        $trailer['timing'] = ['totalMs' => round((hrtime(true) - $this->started) / 1e6, 3), 'appMs' => round($this->capture->appMs(), 3)];
        $trailer['end'] = $this->end;
        if ($this->message !== null) {
            $trailer['message'] = $this->message;
        }
        $trailer['trace'] = $trace;
        echo "0\n".RelayResult::jsonLine($trailer);
        flush();
    }

    /** The framer: each write of the app becomes one piece; a reason to stop arms the gate. */
    private function frame(string $buffer, int $maxBodyBytes, int $deadline): string
    {
        if ($buffer === '' || $this->stopped) {
            return '';
        }
        $this->size += strlen($buffer);
        if (connection_aborted()) {
            // Nobody reads any more: what this throw lets through goes nowhere.
            $this->stopped = true;
            $this->end = 'error';
            $this->message = 'The browser closed the connection.';

            throw new StreamStopped;
        }
        $buffer = $this->held.$buffer;
        $this->held = '';
        $room = $maxBodyBytes - $this->sent;
        if (strlen($buffer) > $room) {
            return $this->stop('limit', null, substr($buffer, 0, $room));
        }
        if (hrtime(true) > $deadline) {
            return $this->stop('timeout', 'The relay timeout ran out while the app was still sending the body.', $buffer);
        }
        if (strlen($buffer) === $room) {
            // The body is at the limit: its last byte waits until it is known whether more follows,
            // so that a stop at the limit always has a piece to end with (see the gate).
            $this->held = substr($buffer, -1);
            $buffer = substr($buffer, 0, -1);
            if ($buffer === '') {
                return '';
            }
        }
        $this->sent += strlen($buffer);

        return strlen($buffer)."\n".$buffer;
    }

    /** The last piece, framed; the gate sends it and ends the app's callback. */
    private function stop(string $end, ?string $message, string $piece): string
    {
        $this->stopped = true;
        $this->end = $end;
        $this->message = $message;
        $this->sent += strlen($piece);
        $this->armed = true;

        return strlen($piece)."\n".$piece;
    }

    /**
     * The gate: passes pieces on. Armed, it throws on the last piece: PHP then writes that piece
     * (the gate's input) itself, and the app's callback ends at the `echo` that wrote it.
     */
    private function gate(string $buffer): string
    {
        if ($this->armed && $buffer !== '') {
            $this->armed = false;

            throw new StreamStopped;
        }

        return $buffer;
    }

    /**
     * Finishes the capture (rolling transactions back) and leaves the scope, once.
     *
     * @return array the trace (protocol RelayTrace)
     */
    private function close(): array
    {
        if ($this->closed) {
            return $this->capture->finish();
        }
        $this->closed = true;
        try {
            return $this->capture->finish();
        } finally {
            $this->scope->leave();
        }
    }

    /** Ends the framer, the gate and whatever the app left open above them, each flowing down. */
    private static function endBuffers(int $base): void
    {
        while (ob_get_level() > $base) {
            try {
                ob_end_flush();
            } catch (StreamStopped) {
                // The framer stopped on this last write; the gate has taken care of it.
            }
        }
    }

    /**
     * PHP's own output buffer (php.ini output_buffering, as FPM has it) would hold the pieces back;
     * Symfony ends it after the body anyway, so it goes first.
     */
    private static function leaveDefaultBuffers(): void
    {
        while (ob_get_level() > 0) {
            $status = ob_get_status();
            if (($status['name'] ?? '') !== 'default output handler' || ! (($status['flags'] ?? 0) & PHP_OUTPUT_HANDLER_REMOVABLE)) {
                return;
            }
            ob_end_flush();
        }
    }
}
