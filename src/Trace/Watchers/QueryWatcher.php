<?php

namespace Kite\Trace\Watchers;

use Illuminate\Contracts\Events\Dispatcher;
use Illuminate\Database\Events\QueryExecuted;
use Kite\Trace\Recording;
use Kite\Trace\Secrets;
use Kite\Trace\SqlColumns;
use Kite\Trace\Trace;
use Throwable;

/** Database queries (trace.queries): SQL, bindings as JSON values (secret columns masked), time, connection. */
final class QueryWatcher implements Watcher
{
    public function register(Dispatcher $events, Recording $recording): void
    {
        $events->listen(QueryExecuted::class, static function (QueryExecuted $event) use ($recording) {
            $trace = $recording->trace();
            $trace?->add('queries', [
                'sql' => $event->sql,
                'bindings' => self::maskedBindings($trace, $event->sql, self::bindings($event)),
                'timeMs' => round((float) $event->time, 3),
                'connection' => (string) $event->connectionName,
            ]);
        });
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
}
