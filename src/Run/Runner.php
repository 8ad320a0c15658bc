<?php

namespace Kite\Run;

use Illuminate\Contracts\Foundation\Application;
use Illuminate\Http\Request;
use Illuminate\Support\Facades\Schema;
use Kite\Http\Controllers\DataController;
use Kite\Http\Controllers\RelayController;
use Kite\Relay\RelayCall;
use Kite\Relay\RelayError;
use Kite\Relay\RelayStream;
use Kite\Routes\DataSources;
use Kite\Trace\NotUndone;
use Kite\Trace\TransactionMode;

/**
 * Runs saved requests in order inside this application, as the relay sends them
 * (RelayController::send, in-process: no server), values captured by one flowing to the next, each
 * request's assertions evaluated (the Laravel-only ones from the call's trace; a `row` line read
 * through the data pickers' rule-bounded access, DataSources). Transaction modes: `run` holds the
 * whole run in one transaction rolled back at the end (the queue faked meanwhile), `request` one
 * per request (the relay's own transaction mode); what either could not undo is reported.
 */
final class Runner
{
    public const TRANSACTION_MODES = ['none', 'run', 'request'];

    public function __construct(private Application $app)
    {
    }

    /**
     * @param  list<array{path: string, content: array}>  $files  saved request files, in order
     * @param  array<string, string>  $values  the environment's variables with secrets filled in
     * @param  ?\Closure(int, int, array): (bool|null)  $onResult  told of each request as it finishes
     *                                                             (position, count, result); false stops the run
     * @param  list<array<string, string>>  $rows  data rows: the sequence once per row, the row's values over $values
     * @param  ?Request  $outer  the call the run came in with (POST run); a console run makes one of app.url
     * @return array{requests: list<array>, notUndone: list<string>, rolledBack: ?bool, bailed: bool, cancelled: bool}
     */
    public function run(array $files, array $values, string $transaction, bool $bail, ?\Closure $onResult = null, array $rows = [], int $delayMs = 0, ?Request $outer = null, ?string $application = null): array
    {
        $mode = null;
        $notUndone = new NotUndone;
        if ($transaction === 'run') {
            $mode = new TransactionMode($this->app, $notUndone);
            $mode->begin();
        }
        $outer ??= Request::create((string) config('app.url', 'http://localhost'));
        $requests = [];
        $lost = [];
        $bailed = false;
        $cancelled = false;
        $first = true;
        try {
            foreach ($rows === [] ? [[]] : $rows as $iteration => $row) {
                $captured = [];
                foreach ($files as $index => ['path' => $path, 'content' => $content]) {
                    if (! $first && $delayMs > 0) {
                        usleep($delayMs * 1000);
                    }
                    $first = false;
                    if ($application !== null && (string) ($content['application'] ?? '') === '') {
                        $content['application'] = $application; // a request's own application wins
                    }
                    $run = ['iteration' => $iteration, 'index' => $index] + $this->one($path, $content, new Variables(array_merge($values, $row, $captured)), $transaction === 'request', $captured, $outer);
                    $lost = array_merge($lost, $run['notUndone'], $transaction === 'run' ? self::sentInRun($run['trace'] ?? null) : []);
                    unset($run['notUndone']);
                    $requests[] = $run;
                    if ($onResult && $onResult(count($requests), count($files) * max(1, count($rows)), $run) === false) {
                        $cancelled = true;
                        break 2;
                    }
                    if ($bail && self::failed($run)) {
                        $bailed = true;
                        break 2;
                    }
                }
            }
        } finally {
            $mode?->end();
        }
        if ($mode !== null) {
            $lost = array_merge(self::notUndoneLines($notUndone->toArray(0)), $lost);
        }

        return ['requests' => $requests, 'notUndone' => array_values(array_unique($lost)), 'rolledBack' => $transaction === 'none' ? null : ! $notUndone->hasLostTransaction() && ! self::anyLost($requests), 'bailed' => $bailed, 'cancelled' => $cancelled];
    }

    /** @param  array<string, string>  $captured  values captured so far in this iteration, added to */
    private function one(string $path, array $content, Variables $variables, bool $transaction, array &$captured, Request $outer): array
    {
        $name = (string) ($content['name'] ?? $path);
        ['payload' => $payload, 'unresolved' => $unresolved] = SavedRequest::payload($content, $variables);
        $run = ['file' => $path, 'name' => $name, 'method' => $payload['method'], 'url' => (string) ($content['url'] ?? ''), 'durationMs' => 0.0, 'size' => 0, 'results' => [], 'captured' => [], 'notUndone' => []];
        if ($unresolved !== []) {
            $run['error'] = "{$path}: ".implode(', ', array_map(static fn ($variable) => '{{'.$variable.'}}', $unresolved)).(count($unresolved) === 1 ? ' has' : ' have').' no value (an environment variable, a captured value, or a secret from KITE_VAR_name)';

            return $run;
        }
        if ($transaction) {
            $payload['transaction'] = true;
        }
        try {
            $call = RelayCall::fromPayload($payload);
            $result = RelayController::send($outer, $this->app, $call);
        } catch (RelayError $error) {
            $run['error'] = "{$path}: {$error->getMessage()}";

            return $run;
        }
        if ($result instanceof RelayStream) {
            unset($result); // its destructor puts the app's state back
            $run['error'] = "{$path}: the answer streams (event stream, NDJSON); a run checks whole answers only";

            return $run;
        }
        $run['url'] = $result->url;
        $run['status'] = $result->status;
        $run['durationMs'] = $result->totalMs;
        $run['size'] = strlen($result->body);
        $run['response'] = ['headers' => $result->headers, 'body' => $result->body];
        $run['trace'] = $result->trace;
        $run['results'] = Assertions::evaluate(
            array_values(array_filter((array) ($content['assertions'] ?? []), 'is_array')),
            ['status' => $result->status, 'headers' => $result->headers, 'body' => $result->body, 'durationMs' => $result->totalMs, 'trace' => $result->trace],
            $variables,
            $this->rowReader(),
        );
        $capture = SavedRequest::capture($content, $result->body, $result->headers, $result->cookies);
        $captured = array_merge($captured, $capture['values']);
        $run['captured'] = $capture['values'];
        $run['capturedSecrets'] = array_intersect_key($capture['values'], array_flip($capture['secret']));
        if ($transaction && isset($result->trace['notUndone'])) {
            $run['notUndone'] = self::notUndoneLines($result->trace['notUndone']);
        }
        $run['lostTransaction'] = $transaction && ($result->trace['rolledBack'] ?? true) === false;

        return $run;
    }

    /**
     * Answers a `row` line after the call: whether table.column holds the value (compared as the
     * data pickers' `unique:` question compares it), only for what DataSources lets them read.
     */
    private function rowReader(): \Closure
    {
        return function (string $table, string $column, string $value): array {
            if (! DataController::enabled()) {
                return ['error' => 'This host does not read the database (the data pickers are off: kite.data_pickers)'];
            }
            $sources = $this->app->make(DataSources::class);
            if (! $sources->readable($table, $column) || ! Schema::hasTable($table) || ! Schema::hasColumn($table, $column)) {
                return ['error' => "No readable column {$table}.{$column}: Kite reads only the columns the app's exists:/unique: rules and model bindings name, never a hidden or secret-looking one."];
            }

            return ['exists' => DataController::absent($table, $column, [$value]) === []];
        };
    }

    public static function failed(array $run): bool
    {
        return isset($run['error']) || array_filter($run['results'], static fn ($result) => ! $result['passed']) !== [];
    }

    /**
     * In a whole-run transaction each call runs without the relay's own transaction mode, so its
     * mails and notifications went to the app's mailer and channels (queued jobs stay faked).
     *
     * @return list<string>
     */
    private static function sentInRun(?array $trace): array
    {
        $lines = [];
        foreach ($trace['mails'] ?? [] as $mail) {
            $lines[] = 'mail sent to '.implode(', ', $mail['to']).": {$mail['subject']}";
        }
        foreach ($trace['notifications'] ?? [] as $notification) {
            $lines[] = "notification {$notification['notification']} sent by {$notification['channel']} to {$notification['notifiable']}";
        }
        foreach ($trace['http'] ?? [] as $http) {
            if (! ($http['held'] ?? false)) {
                $lines[] = "outgoing HTTP sent: {$http['method']} {$http['url']}";
            }
        }

        return $lines;
    }

    private static function anyLost(array $requests): bool
    {
        return array_filter($requests, static fn ($run) => $run['lostTransaction'] ?? false) !== [];
    }

    /**
     * What a transaction did not undo, one line each (protocol TraceNotUndone).
     *
     * @return list<string>
     */
    public static function notUndoneLines(array $notUndone): array
    {
        $lines = [];
        foreach ($notUndone['lostTransactions'] ?? [] as $lost) {
            $lines[] = "database connection {$lost['connection']}: {$lost['message']}";
        }
        foreach ($notUndone['files'] ?? [] as $file) {
            $lines[] = "file {$file['operation']} on disk {$file['disk']}: {$file['path']}";
        }
        foreach ($notUndone['cache'] ?? [] as $cache) {
            $lines[] = "cache {$cache['operation']}: {$cache['key']}";
        }
        foreach ($notUndone['listeners'] ?? [] as $listener) {
            $lines[] = "listeners of {$listener['event']} ran ({$listener['listeners']})";
        }
        foreach ($notUndone['syncJobs'] ?? [] as $job) {
            $lines[] = "job run in the request: {$job}";
        }
        if (($notUndone['outgoingRequests'] ?? 0) > 0) {
            $lines[] = "outgoing HTTP requests sent: {$notUndone['outgoingRequests']}";
        }

        return $lines;
    }
}
