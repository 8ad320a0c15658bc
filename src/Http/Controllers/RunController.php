<?php

namespace Kite\Http\Controllers;

use Illuminate\Contracts\Foundation\Application;
use Illuminate\Http\Request;
use Kite\Http\ErrorResponse;
use Kite\Run\Reporters;
use Kite\Run\Runner;
use Kite\Workspace\WorkspaceFolder;
use Symfony\Component\HttpFoundation\Response;
use Symfony\Component\HttpFoundation\StreamedResponse;

/**
 * POST {path}/api/run (protocol: API_ENDPOINTS.run, RunRequest → RunEvent lines): saved requests
 * run in one call by the runner of `php artisan kite:run` (in-process, as the relay sends them,
 * the Laravel-only checks included), one NDJSON line per request as it finishes, then `done`.
 * Behind the same guards as the relay (the package's gate, the XSRF check). Secret values (the
 * call's secretNames and values captured as secret) come back as `{{name}}` in every line.
 */
class RunController
{
    /** Largest run request read (protocol: the Node host's RUN_REQUEST_MAX_BYTES). */
    public const MAX_BYTES = 16 * 1024 * 1024;

    /** RUN_MAX_REQUESTS, RUN_MAX_ROWS, RUN_DELAY_MAX_MS, RUN_RESPONSE_BODY_MAX_BYTES (protocol/endpoints.js). */
    private const MAX_REQUESTS = 500;

    private const MAX_ROWS = 1000;

    private const DELAY_MAX_MS = 60_000;

    private const BODY_MAX_BYTES = 256 * 1024;

    private const FIELDS = ['requests', 'variables', 'secretNames', 'rows', 'bail', 'delayMs', 'application'];

    public function __invoke(Request $request, Application $app): Response
    {
        $content = (string) $request->getContent();
        if (strlen($content) > self::MAX_BYTES) {
            return ErrorResponse::make(413, 'RUN_REQUEST_TOO_LARGE', 'The run request is larger than '.(self::MAX_BYTES / 1024 / 1024).' MB');
        }
        try {
            $body = json_decode($content, true, 512, JSON_THROW_ON_ERROR);
        } catch (\JsonException $error) {
            return ErrorResponse::make(422, 'INVALID_RUN_REQUEST', 'The run request is not valid JSON: '.$error->getMessage(), '');
        }
        $problem = self::problem($body, json_decode($content, false, 512));
        if ($problem !== null) {
            return ErrorResponse::make(422, 'INVALID_RUN_REQUEST', $problem[1], $problem[0]);
        }

        $files = array_map(static fn ($item) => ['path' => $item['path'], 'content' => $item['file']], $body['requests']);
        $reporter = new Reporters(array_intersect_key($body['variables'], array_flip($body['secretNames'])));

        return new StreamedResponse(function () use ($app, $request, $body, $files, $reporter) {
            $started = hrtime(true);
            $passed = 0;
            $failed = 0;
            $run = (new Runner($app))->run($files, $body['variables'], 'none', (bool) ($body['bail'] ?? false), function (int $position, int $count, array $result) use ($reporter, &$passed, &$failed) {
                foreach ($result['capturedSecrets'] ?? [] as $name => $value) {
                    $reporter->addSecret($name, $value);
                }
                Runner::failed($result) ? $failed++ : $passed++;
                self::send(self::resultEvent($result, $reporter));

                return connection_aborted() ? false : null; // the app closed the call: a cancel
            }, $body['rows'] ?? [], (int) ($body['delayMs'] ?? 0), $request, isset($body['application']) ? (string) $body['application'] : null);
            if (! $run['cancelled']) {
                self::send(['type' => 'done', 'passed' => $passed, 'failed' => $failed, 'durationMs' => (hrtime(true) - $started) / 1e6, 'cancelled' => $run['bailed']]);
            }
        }, 200, ['Content-Type' => 'application/x-ndjson', 'Cache-Control' => 'no-store', 'X-Accel-Buffering' => 'no']);
    }

    private static function send(array $event): void
    {
        echo json_encode($event, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE)."\n";
        if (ob_get_level() > 0) {
            ob_flush();
        }
        flush();
    }

    /** A result line (RunResultEvent), every text with secret values put back as `{{name}}`. */
    private static function resultEvent(array $result, Reporters $reporter): array
    {
        $event = [
            'type' => 'result',
            'iteration' => $result['iteration'],
            'index' => $result['index'],
            'path' => $result['file'],
            'method' => $result['method'],
            'url' => $reporter->redact($result['url']),
            'status' => $result['status'] ?? 0,
            'durationMs' => max(0, (float) $result['durationMs']),
            'size' => (int) $result['size'],
            'assertions' => array_map(static function ($line) use ($reporter) {
                $shown = $reporter->shown($line);

                return ['assertion' => $line['assertion'], 'passed' => $line['passed'], 'actual' => $shown['actual'], 'message' => $shown['message']];
            }, $result['results']),
            'captured' => (object) array_map(static fn ($value) => $reporter->redact((string) $value), $result['captured']),
        ];
        if (isset($result['error'])) {
            $event['error'] = $reporter->redact($result['error']);
        }
        if (isset($result['response'])) {
            $body = $result['response']['body'];
            $truncated = strlen($body) > self::BODY_MAX_BYTES;
            $event['response'] = [
                'headers' => array_map(static fn ($pair) => [$pair[0], $reporter->redact($pair[1])], $result['response']['headers']),
                'body' => $reporter->redact(mb_strcut($body, 0, self::BODY_MAX_BYTES, 'UTF-8')),
                'truncated' => $truncated,
            ];
        }

        return $event;
    }

    /**
     * What is wrong with a run request, as [field, message] (the Node host's run-request.mjs, the
     * same fields and words), or null.
     *
     * @param  mixed  $objects  the same body decoded with objects as stdClass (for the workspace's rules)
     */
    private static function problem(mixed $body, mixed $objects): ?array
    {
        if (! is_array($body) || (array_is_list($body) && $body !== [])) {
            return ['', 'The run request must be a JSON object'];
        }
        $requests = $body['requests'] ?? null;
        if (! is_array($requests) || ! array_is_list($requests) || count($requests) < 1 || count($requests) > self::MAX_REQUESTS) {
            return ['requests', '"requests" must be a list of 1 to '.self::MAX_REQUESTS.' saved requests'];
        }
        foreach ($requests as $index => $item) {
            if (! is_array($item) || ! is_string($item['path'] ?? null) || $item['path'] === '' || ! is_array($item['file'] ?? null)) {
                return ["requests[{$index}]", "requests[{$index}] must be { \"path\": \"requests/NAME.json\", \"file\": {…} }"];
            }
            $problem = WorkspaceFolder::contentProblem('requests/run.json', $objects->requests[$index]->file)
                ?? (in_array($item['file']['method'] ?? null, \Kite\Relay\RelayCall::METHODS, true) ? null : '"method" must be one of '.implode(', ', \Kite\Relay\RelayCall::METHODS));
            if ($problem !== null) {
                return ["requests[{$index}].file", "requests[{$index}] ({$item['path']}): {$problem}"];
            }
        }
        if (! self::stringRecord($body['variables'] ?? null)) {
            return ['variables', '"variables" must be an object of name: string value'];
        }
        if (! is_array($body['secretNames'] ?? null) || ! array_is_list($body['secretNames']) || array_filter($body['secretNames'], static fn ($name) => ! is_string($name)) !== []) {
            return ['secretNames', '"secretNames" must be a list of variable names'];
        }
        if (array_key_exists('rows', $body)) {
            if (! is_array($body['rows']) || ! array_is_list($body['rows']) || count($body['rows']) > self::MAX_ROWS) {
                return ['rows', '"rows" must be a list of at most '.self::MAX_ROWS.' data rows'];
            }
            foreach ($body['rows'] as $index => $row) {
                if (! self::stringRecord($row) || (array_is_list($row) && $row !== [])) {
                    return ["rows[{$index}]", "rows[{$index}] must be an object of column: string value"];
                }
            }
        }
        if (array_key_exists('bail', $body) && ! is_bool($body['bail'])) {
            return ['bail', '"bail" must be true or false'];
        }
        if (array_key_exists('delayMs', $body) && ! (is_int($body['delayMs']) && $body['delayMs'] >= 0 && $body['delayMs'] <= self::DELAY_MAX_MS)) {
            return ['delayMs', '"delayMs" must be a whole number of ms from 0 to '.self::DELAY_MAX_MS];
        }
        if (array_key_exists('application', $body) && ! is_string($body['application'])) {
            return ['application', '"application" must be an application id'];
        }
        $extra = array_values(array_diff(array_keys($body), self::FIELDS));
        if ($extra !== []) {
            return [(string) $extra[0], "\"{$extra[0]}\" is not a field of a run request"];
        }

        return null;
    }

    /** An object of string values (`{}` decodes to an empty array). */
    private static function stringRecord(mixed $value): bool
    {
        return is_array($value) && ($value === [] || ! array_is_list($value)) && array_filter($value, static fn ($item) => ! is_string($item)) === [];
    }
}
