<?php

namespace Kite\Trace;

use Illuminate\Auth\Access\Events\GateEvaluated;
use Illuminate\Cache\Events\KeyForgotten;
use Illuminate\Cache\Events\KeyWritten;
use Illuminate\Contracts\Events\Dispatcher;
use Illuminate\Events\Dispatcher as EventDispatcher;
use Illuminate\Database\Events\QueryExecuted;
use Illuminate\Http\Client\Events\ConnectionFailed;
use Illuminate\Http\Client\Events\RequestSending;
use Illuminate\Http\Client\Events\ResponseReceived;
use Illuminate\Log\Events\MessageLogged;
use Illuminate\Mail\Events\MessageSending;
use Illuminate\Notifications\Events\NotificationSending;
use Illuminate\Queue\Events\JobProcessing;
use Illuminate\Queue\Events\JobQueued;
use Illuminate\Queue\Jobs\SyncJob;
use Throwable;

/**
 * Listens to the app's events once per dispatcher and writes what happens into the active Trace,
 * if any: outside a relayed call the listeners do nothing. In transaction mode (Trace::holdBack)
 * the MessageSending and NotificationSending listeners answer false, which tells Laravel's mailer
 * and notification sender not to send.
 */
final class Recorder
{
    private static ?Trace $active = null;

    private static ?\WeakReference $listeningOn = null;

    /** @var array<int, array{0: float, 1: int, 2: string}> HTTP request object id => [start, index in http, method and URL] */
    private static array $httpStarted = [];

    public static function start(Dispatcher $events, Trace $trace): void
    {
        if (self::$listeningOn?->get() !== $events) {
            self::listen($events);
            self::$listeningOn = \WeakReference::create($events);
        }
        self::$active = $trace;
        self::$httpStarted = [];
    }

    public static function stop(): void
    {
        self::$active = null;
        self::$httpStarted = [];
    }

    public static function active(): ?Trace
    {
        return self::$active;
    }

    private static function listen(Dispatcher $events): void
    {
        $events->listen(GateEvaluated::class, static function (GateEvaluated $event) {
            $trace = self::$active;
            $trace?->add('authorization', Authorizations::describe($event, $trace->source, debug_backtrace(DEBUG_BACKTRACE_IGNORE_ARGS)));
        });

        $events->listen(QueryExecuted::class, static function (QueryExecuted $event) {
            $trace = self::$active;
            $trace?->add('queries', [
                'sql' => $event->sql,
                'bindings' => self::maskedBindings($trace, $event->sql, self::bindings($event)),
                'timeMs' => round((float) $event->time, 3),
                'connection' => (string) $event->connectionName,
            ]);
        });

        $events->listen(MessageLogged::class, static function (MessageLogged $event) {
            self::$active?->add('logs', [
                'level' => (string) $event->level,
                'message' => is_string($event->message) ? $event->message : (string) json_encode($event->message),
                'context' => (object) (self::context(self::$active, $event->context) ?? []),
            ]);
        });

        $events->listen(MessageSending::class, static function (MessageSending $event) {
            $trace = self::$active;
            if ($trace === null) {
                return null;
            }
            $trace->add('mails', Mails::describe($event->message) + ['sent' => ! $trace->holdBack]);

            return $trace->holdBack ? false : null;
        });

        $events->listen(NotificationSending::class, static function (NotificationSending $event) {
            $trace = self::$active;
            if ($trace === null) {
                return null;
            }
            $notifiable = $event->notifiable;
            $key = is_object($notifiable) && method_exists($notifiable, 'getKey') ? $notifiable->getKey() : null;
            $trace->add('notifications', [
                'notification' => get_class($event->notification),
                'channel' => is_string($event->channel) ? $event->channel : get_debug_type($event->channel),
                'notifiable' => get_debug_type($notifiable).($key !== null && is_scalar($key) ? '#'.$key : ''),
                'sent' => ! $trace->holdBack,
            ]);

            return $trace->holdBack ? false : null;
        });

        $events->listen(JobQueued::class, static function (JobQueued $event) {
            // Jobs on a sync connection are recorded as they run (JobProcessing), below.
            if (self::$active === null || config('queue.connections.'.$event->connectionName.'.driver') === 'sync') {
                return;
            }
            self::$active->add('jobs', array_filter([
                'job' => self::jobName($event->job),
                'connection' => (string) $event->connectionName,
                'queue' => isset($event->queue) && is_string($event->queue) ? $event->queue : null,
                'queued' => true,
            ], static fn ($value) => $value !== null));
        });

        $events->listen(JobProcessing::class, static function (JobProcessing $event) {
            if (self::$active === null || ! $event->job instanceof SyncJob) {
                return;
            }
            self::$active->add('jobs', ['job' => $event->job->resolveName(), 'connection' => (string) $event->connectionName, 'queued' => true]);
        });

        $events->listen(RequestSending::class, static function (RequestSending $event) {
            $trace = self::$active;
            if ($trace === null) {
                return;
            }
            self::$httpStarted[spl_object_id($event->request)] = [hrtime(true), $trace->count('http'), self::httpKey($event->request)];
            $trace->add('http', ['method' => strtoupper($event->request->method()), 'url' => self::maskedUrl($trace, $event->request->url())] + ($trace->holdHttp ? ['held' => true] : []));
        });

        $events->listen(ResponseReceived::class, static function (ResponseReceived $event) {
            $entry = &self::httpEntry($event->request);
            if ($entry !== null) {
                $entry['status'] = $event->response->status();
                $entry['timeMs'] = self::httpTime($event->request, $event->response->handlerStats());
            }
        });

        // Transaction mode names what it does not undo: cache writes, and the listeners that ran.
        $events->listen(KeyWritten::class, static function (KeyWritten $event) {
            self::$active?->notUndone?->cache((string) $event->key, 'write');
        });
        $events->listen(KeyForgotten::class, static function (KeyForgotten $event) {
            self::$active?->notUndone?->cache((string) $event->key, 'forget');
        });
        if ($events instanceof EventDispatcher) {
            $events->listen('*', static function ($name) use ($events) {
                $notUndone = self::$active?->notUndone;
                if ($notUndone === null || ! is_string($name) || str_starts_with($name, 'Illuminate\\') || str_starts_with($name, 'Kite\\')) {
                    return;
                }
                $listeners = self::listenerCount($events, $name);
                if ($listeners > 0) {
                    $notUndone->listenersRan($name, $listeners);
                }
            });
        }

        $events->listen(ConnectionFailed::class, static function (ConnectionFailed $event) {
            $entry = &self::httpEntry($event->request);
            if ($entry !== null) {
                $entry['error'] = 'No response (connection failed)';
                $entry['timeMs'] = self::httpTime($event->request, []);
            }
        });
    }

    /**
     * When the call started: found by the request object, or (Laravel 11+ reports a failed
     * connection with a new Request of the same method and URL) by the latest call of that method and URL.
     */
    private static function httpStart(object $request): ?array
    {
        $started = self::$httpStarted[spl_object_id($request)] ?? null;
        if ($started === null) {
            $key = self::httpKey($request);
            foreach (array_reverse(self::$httpStarted) as $candidate) {
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

    private static function &httpEntry(object $request): ?array
    {
        $null = null;
        $started = self::httpStart($request);
        if (self::$active === null || $started === null) {
            return $null;
        }

        return self::$active->last('http', $started[1]);
    }

    private static function httpTime(object $request, array $stats): float
    {
        if (isset($stats['total_time']) && is_numeric($stats['total_time'])) {
            return round((float) $stats['total_time'] * 1000, 3);
        }
        [$started] = self::httpStart($request);

        return round((hrtime(true) - $started) / 1e6, 3);
    }

    /** @return list<string|int|float|bool|null> */
    private static function bindings(QueryExecuted $event): array
    {
        try {
            $bindings = $event->connection->prepareBindings($event->bindings);
        } catch (Throwable) {
            $bindings = $event->bindings;
        }

        return array_values(array_map(static function ($value) {
            if ($value === null || is_int($value) || is_float($value) || is_bool($value)) {
                return is_float($value) && ! is_finite($value) ? (string) $value : $value;
            }
            if (is_string($value)) {
                return mb_check_encoding($value, 'UTF-8') ? $value : '<binary '.strlen($value).' bytes>';
            }
            if ($value instanceof \DateTimeInterface) {
                return $value->format('Y-m-d H:i:s');
            }
            if ($value instanceof \BackedEnum) {
                return $value->value;
            }

            return is_object($value) && method_exists($value, '__toString') ? (string) $value : get_debug_type($value);
        }, $bindings));
    }

    /**
     * The log's context as plain JSON: objects through VarCloner (a model as its toArray()), then
     * every value under a secret-looking key masked, at any depth.
     */
    private static function context(Trace $trace, array $context): ?array
    {
        if ($context === []) {
            return null;
        }
        foreach ($context as $key => $value) {
            if ($value instanceof Throwable) {
                $context[$key] = get_class($value).': '.$value->getMessage();
            }
        }
        $tree = $trace->masked(DumpTree::of($context, 4));

        return is_array($tree) ? $tree : ['value' => $tree];
    }

    /**
     * The bindings with those of secret-looking columns masked (`insert into users (…, password, …)`).
     *
     * @param  list<string|int|float|bool|null>  $bindings
     * @return list<string|int|float|bool|null>
     */
    private static function maskedBindings(Trace $trace, string $sql, array $bindings): array
    {
        $columns = SqlColumns::ofPlaceholders($sql);
        foreach ($bindings as $index => $value) {
            $column = $columns[$index] ?? null;
            if ($column !== null && $value !== null && Secrets::isSecretName($column)) {
                $bindings[$index] = Secrets::MASK;
                $trace->countMasked(1);
            }
        }

        return $bindings;
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

    /**
     * The listeners an event of the app has, by its name or (an event object) its class, parents and
     * interfaces; the wildcard listeners (Kite's own among them) are not counted.
     */
    private static function listenerCount(EventDispatcher $events, string $name): int
    {
        return (function (string $name) {
            $names = [$name];
            if (class_exists($name, false)) {
                $names = [...$names, ...array_values(class_parents($name)), ...array_values(class_implements($name))];
            }
            $count = 0;
            foreach ($names as $each) {
                $count += count($this->listeners[$each] ?? []);
            }

            return $count;
        })->call($events, $name);
    }

    public static function jobName(mixed $job): string
    {
        if (is_object($job)) {
            return method_exists($job, 'displayName') ? (string) $job->displayName() : get_class($job);
        }

        return is_string($job) ? $job : get_debug_type($job);
    }

    /** The job names a QueueFake holds (transaction mode). */
    public static function fakedJobs(object $fake, string $connection): array
    {
        $jobs = [];
        foreach (method_exists($fake, 'pushedJobs') ? $fake->pushedJobs() : [] as $class => $pushed) {
            foreach ($pushed as $push) {
                $jobs[] = array_filter([
                    'job' => self::jobName($push['job'] ?? $class),
                    'connection' => $connection,
                    'queue' => is_string($push['queue'] ?? null) ? $push['queue'] : null,
                    'queued' => false,
                ], static fn ($value) => $value !== null);
            }
        }

        return $jobs;
    }
}
