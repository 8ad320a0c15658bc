<?php

namespace Kite\Trace;

use Illuminate\Contracts\Debug\ExceptionHandler;
use Illuminate\Contracts\Foundation\Application;
use Illuminate\Http\Client\Factory as HttpFactory;

/**
 * Runs one in-process relayed call with the trace recording (dumps, queries, logs, mails,
 * notifications, jobs, outgoing HTTP, the reported exception, time in the app) and, in transaction
 * mode, inside transactions that are rolled back afterwards (what they cannot undo is named in
 * the trace's notUndone); when asked, the app's HTTP client is a fake that sends nothing.
 * Everything it changes is put back, also when the call throws.
 *
 * A streamed answer records in two parts (see IsolatedScope): start() … suspend() while the
 * kernel builds the response, resume() … finish() while its callback sends the body. While
 * suspended nothing is recorded, the app's exception handler, dump handler and queue are back;
 * the transactions stay open (a transaction cannot be set aside), so the call's writes are still
 * there for its callback and all of them are rolled back by finish().
 */
final class Capture
{
    private Trace $trace;

    private ?ExceptionHandler $handler = null;

    private DumpCapture $dumps;

    private ?TransactionMode $mode;

    /** hrtime when the current part started, null while suspended or finished */
    private ?int $since = null;

    private float $appMs = 0.0;

    private bool $finished = false;

    private bool $recording = false;

    private ?ServiceSwap $http;

    public function __construct(private Application $app, bool $transaction, bool $holdHttp = false)
    {
        $this->trace = new Trace(new Source($app), $transaction, $holdHttp);
        $this->dumps = new DumpCapture($this->trace);
        $this->mode = $transaction ? new TransactionMode($app, $this->trace->notUndone) : null;
        $this->http = $holdHttp ? new ServiceSwap($app, HttpFactory::class) : null;
    }

    public function start(): void
    {
        $this->handler = $this->app->make(ExceptionHandler::class);
        $this->record();
        try {
            $this->mode?->begin();
        } catch (\Throwable $error) {
            $this->finish();
            throw $error;
        }
        $this->since = hrtime(true);
    }

    /** Stops recording for now; the transactions stay open. */
    public function suspend(): void
    {
        if ($this->since === null || $this->finished) {
            return;
        }
        $this->appMs += (hrtime(true) - $this->since) / 1e6;
        $this->since = null;
        $this->stopRecording();
        $this->mode?->suspend();
    }

    public function resume(): void
    {
        if ($this->since !== null || $this->finished) {
            return;
        }
        $this->record();
        $this->mode?->resume();
        $this->since = hrtime(true);
    }

    /** The time spent in the app's code so far (ms), without the time suspended. */
    public function appMs(): float
    {
        return $this->appMs + ($this->since === null ? 0.0 : (hrtime(true) - $this->since) / 1e6);
    }

    /** The trace that recorded what the call did (protocol RelayTrace). */
    public function trace(): Trace
    {
        return $this->trace;
    }

    /**
     * Ends the recording and rolls the transactions back; once only.
     *
     * @return array the trace (protocol RelayTrace)
     */
    public function finish(): array
    {
        if ($this->finished) {
            return $this->trace->toArray();
        }
        $this->finished = true;
        $this->appMs = $this->appMs();
        $this->since = null;
        $this->trace->setAppTime($this->appMs);
        try {
            $this->stopRecording();
        } finally {
            if ($this->mode !== null) {
                foreach ($this->mode->end() as $job) {
                    $this->trace->add('jobs', $job);
                }
                $this->trace->setRolledBack(! $this->trace->notUndone->hasLostTransaction());
            }
        }

        return $this->trace->toArray();
    }

    private function record(): void
    {
        $this->recording = true;
        Recorder::start($this->app['events'], $this->trace);
        $this->app->instance(ExceptionHandler::class, new ReportingHandler($this->handler, $this->trace));
        $this->dumps->start();
        // Held outgoing HTTP: a copy of the app's client (its settings kept) answers every call
        // with an empty 200; its events still fire, so the Recorder traces each call as held.
        $this->http?->swap((clone $this->app->make(HttpFactory::class))->fake());
    }

    private function stopRecording(): void
    {
        if (! $this->recording) {
            return;
        }
        $this->recording = false;
        $this->dumps->stop();
        $this->http?->restore();
        Recorder::stop();
        if ($this->handler !== null) {
            $this->app->instance(ExceptionHandler::class, $this->handler);
        }
    }
}
