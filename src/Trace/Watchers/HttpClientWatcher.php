<?php

namespace Kite\Trace\Watchers;

use Illuminate\Contracts\Events\Dispatcher;
use Illuminate\Http\Client\Events\ConnectionFailed;
use Illuminate\Http\Client\Events\RequestSending;
use Illuminate\Http\Client\Events\ResponseReceived;
use Kite\Trace\Recording;
use Kite\Trace\Secrets;
use Kite\Trace\Trace;

/**
 * The app's outgoing HTTP calls (trace.http): method and URL (secret query values masked) when
 * sent, then status and time, or an error when the connection failed; `held` when a fake answered.
 * While a recording runs it keeps, per call, [start, index in trace.http, method and URL].
 */
final class HttpClientWatcher implements Watcher
{
    public function register(Dispatcher $events, Recording $recording): void
    {
        $events->listen(RequestSending::class, static function (RequestSending $event) use ($recording) {
            $trace = $recording->trace();
            if ($trace === null) {
                return;
            }
            $started = &$recording->scratch(self::class);
            $started[spl_object_id($event->request)] = [hrtime(true), $trace->count('http'), self::httpKey($event->request)];
            $trace->add('http', ['method' => strtoupper($event->request->method()), 'url' => self::maskedUrl($trace, $event->request->url())] + ($trace->holdHttp ? ['held' => true] : []));
        });

        $events->listen(ResponseReceived::class, static function (ResponseReceived $event) use ($recording) {
            $entry = &self::httpEntry($recording, $event->request);
            if ($entry !== null) {
                $entry['status'] = $event->response->status();
                $entry['timeMs'] = self::httpTime($recording, $event->request, $event->response->handlerStats());
            }
        });

        $events->listen(ConnectionFailed::class, static function (ConnectionFailed $event) use ($recording) {
            $entry = &self::httpEntry($recording, $event->request);
            if ($entry !== null) {
                $entry['error'] = 'No response (connection failed)';
                $entry['timeMs'] = self::httpTime($recording, $event->request, []);
            }
        });
    }

    /**
     * When the call started: found by the request object, or (Laravel 11+ reports a failed
     * connection with a new Request of the same method and URL) by the latest call of that method and URL.
     */
    private static function httpStart(Recording $recording, object $request): ?array
    {
        $calls = $recording->scratch(self::class);
        $started = $calls[spl_object_id($request)] ?? null;
        if ($started === null) {
            $key = self::httpKey($request);
            foreach (array_reverse($calls) as $candidate) {
                if ($candidate[2] === $key) {
                    return $candidate;
                }
            }
        }

        return $started;
    }

    private static function httpKey(object $request): string
    {
        return strtoupper($request->method()).' '.$request->url();
    }

    private static function &httpEntry(Recording $recording, object $request): ?array
    {
        $null = null;
        $trace = $recording->trace();
        $started = self::httpStart($recording, $request);
        if ($trace === null || $started === null) {
            return $null;
        }

        return $trace->last('http', $started[1]);
    }

    private static function httpTime(Recording $recording, object $request, array $stats): float
    {
        if (isset($stats['total_time']) && is_numeric($stats['total_time'])) {
            return round((float) $stats['total_time'] * 1000, 3);
        }
        [$started] = self::httpStart($recording, $request);

        return round((hrtime(true) - $started) / 1e6, 3);
    }

    /** The URL with the values of secret-looking query parameters masked (`?api_key=…`). */
    private static function maskedUrl(Trace $trace, string $url): string
    {
        $query = parse_url($url, PHP_URL_QUERY);
        if (! is_string($query) || $query === '') {
            return $url;
        }
        $masked = 0;
        $pairs = array_map(static function (string $pair) use (&$masked) {
            [$name] = explode('=', $pair, 2);
            if (str_contains($pair, '=') && Secrets::isSecretName(urldecode($name))) {
                $masked++;

                return $name.'='.Secrets::MASK;
            }

            return $pair;
        }, explode('&', $query));
        $trace->countMasked($masked);

        return str_replace('?'.$query, '?'.implode('&', $pairs), $url);
    }
}
