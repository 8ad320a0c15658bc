<?php

namespace Kite\Trace;

use Closure;
use Illuminate\Contracts\Debug\ExceptionHandler;
use Illuminate\Contracts\Foundation\Application;

/**
 * Runs one in-process relayed call with the trace recording (dumps, queries, logs, mails,
 * notifications, jobs, outgoing HTTP, the reported exception, time in the app) and, in transaction
 * mode, inside transactions that are rolled back afterwards. Everything it changes is put back,
 * also when the call throws.
 */
final class Capture
{
    /**
     * @template T
     *
     * @param  Closure(): T  $call  handles the request and reads the response's body
     * @return array{0: T, 1: array} the call's result and the trace (protocol RelayTrace)
     */
    public static function run(Application $app, bool $transaction, Closure $call): array
    {
        $trace = new Trace(new Source($app), $transaction);
        $handler = $app->make(ExceptionHandler::class);
        $dumps = new DumpCapture($trace);
        $mode = $transaction ? new TransactionMode($app) : null;

        Recorder::start($app['events'], $trace);
        $app->instance(ExceptionHandler::class, new ReportingHandler($handler, $trace));
        $dumps->start();
        try {
            $mode?->begin();
            $started = hrtime(true);
            try {
                $result = $call();
            } finally {
                $trace->setAppTime((hrtime(true) - $started) / 1e6);
            }
        } finally {
            $dumps->stop();
            Recorder::stop();
            $app->instance(ExceptionHandler::class, $handler);
            if ($mode !== null) {
                foreach ($mode->end() as $job) {
                    $trace->add('jobs', $job);
                }
                $trace->setRolledBack(true);
            }
        }

        return [$result, $trace->toArray()];
    }
}
