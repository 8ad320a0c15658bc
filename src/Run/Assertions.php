<?php

namespace Kite\Run;

/**
 * A saved request's assertions evaluated against its answer, by the rules of the app's evaluator
 * (resources/js/model/assertions/evaluate.ts and trace-checks.ts); both are held to
 * protocol/fixtures/assertion-vectors.json, so a line passes or fails alike in the app, in
 * `kite run` and here. A `schema` line fails here saying why: the Laravel host documents inferred
 * response shapes (Routes/ResponseShapes) and the app checks them, but no JSON Schema validator is
 * installed with Laravel (none in the Laravel 12 app's vendor), and Kite adds no dependency for it.
 */
final class Assertions
{
    public const NONE = '(none)';

    /** Operators that compare with nothing typed (WITHOUT_EXPECTED). */
    private const WITHOUT_EXPECTED = ['exists', 'documented', 'no-repeated-shape', 'none'];

    private const TRACE_SOURCES = ['queries', 'mail', 'dispatched', 'log', 'exception', 'row'];

    private const JSON_TYPES = ['string', 'number', 'integer', 'boolean', 'null', 'object', 'array'];

    public const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

    /** The Trace tab's likely-N+1 threshold (model/trace/query-shapes.ts). */
    public const REPEATED_QUERY_THRESHOLD = 3;

    private const OPERATOR_LABELS = [
        'equals' => 'equals', 'not-equals' => 'not equals', 'class' => 'is in class', 'exists' => 'exists',
        'matches' => 'matches regex', 'type' => 'is of type', 'length' => 'has length', 'contains' => 'contains',
        'less-than' => '<', 'greater-than' => '>', 'documented' => 'matches the documented response',
        'no-repeated-shape' => 'no repeated shape (N+1)', 'sent-to' => 'sent to', 'subject-contains' => 'subject contains',
        'of-class' => 'dispatched of class', 'nothing-at-or-above' => 'nothing at or above', 'none' => 'none reported',
        'exists-where' => 'has a row with value',
    ];

    /**
     * @param  list<array{source: string, path: string, operator: string, expected: string}>  $assertions
     * @param  array{status: int, headers: list<array{0: string, 1: string}>, body: string, durationMs: float, trace?: ?array}  $response
     * @param  ?\Closure(string, string, string): array{exists?: bool, error?: string}  $row  answers a `row` line: table, column, value
     * @return list<array{assertion: array, passed: bool, actual: string, expected: string, message: string}>
     */
    public static function evaluate(array $assertions, array $response, Variables $variables, ?\Closure $row = null): array
    {
        $parsed = null;
        $body = static function () use (&$parsed, $response) {
            if ($parsed === null) {
                try {
                    $parsed = ['value' => json_decode($response['body'], false, 512, JSON_THROW_ON_ERROR)];
                } catch (\JsonException) {
                    $parsed = [];
                }
            }

            return $parsed;
        };

        return array_map(static fn (array $assertion) => self::one($assertion, $response, $variables, $row, $body), $assertions);
    }

    private static function one(array $assertion, array $response, Variables $variables, ?\Closure $row, \Closure $body): array
    {
        $unresolved = [];
        $expected = $variables->resolve($assertion['expected'], $unresolved);
        $path = $variables->resolve($assertion['path'], $unresolved);
        $result = static fn (bool $passed, string $actual, ?string $problem = null) => [
            'assertion' => $assertion,
            'passed' => $passed,
            'actual' => $actual,
            'expected' => $expected,
            'message' => $passed ? self::describe($assertion) : ($problem ?? 'Expected '.self::describe(['expected' => $expected] + $assertion).", got {$actual}"),
        ];
        if ($unresolved !== [] && ! in_array($assertion['operator'], self::WITHOUT_EXPECTED, true)) {
            $names = implode(', ', array_map(static fn ($name) => '{{'.$name.'}}', array_keys($unresolved)));

            return $result(false, self::NONE, $names.(count($unresolved) === 1 ? ' has' : ' have').' no value');
        }
        if (in_array($assertion['source'], self::TRACE_SOURCES, true)) {
            return $result(...self::traceOutcome($assertion, $path, $expected, $response['trace'] ?? null, $row));
        }
        switch ($assertion['source']) {
            case 'status':
                $actual = (string) $response['status'];
                if ($assertion['operator'] === 'class') {
                    if (preg_match('/^\s*([1-5])xx\s*$/i', $expected, $match) !== 1) {
                        return $result(false, $actual, "A status class is written like 2xx, not '{$expected}'");
                    }

                    return $result($actual[0] === $match[1], $actual);
                }

                return $result($actual === trim($expected), $actual);
            case 'time':
                $actual = ((int) floor($response['durationMs'] + 0.5)).' ms';
                if (trim($expected) === '' || ! is_numeric(trim($expected))) {
                    return $result(false, $actual, "A time limit is a number of milliseconds, not '{$expected}'");
                }

                return $result($response['durationMs'] < (float) trim($expected), $actual);
            case 'header':
                $name = strtolower(trim($path));
                $values = [];
                foreach ($response['headers'] as [$header, $value]) {
                    if (strtolower($header) === $name) {
                        $values[] = $value;
                    }
                }
                $actual = $values === [] ? self::NONE : implode(', ', $values);
                if ($name === '') {
                    return $result(false, $actual, 'Name the header');
                }
                if ($values === []) {
                    return $result(false, $actual, 'No header '.trim($path).' in the response');
                }
                if ($assertion['operator'] === 'exists') {
                    return $result(true, $actual);
                }
                if ($assertion['operator'] === 'matches') {
                    $regex = self::regex($expected);
                    if (str_starts_with($regex, 'Not a regular expression')) {
                        return $result(false, $actual, $regex);
                    }

                    return $result(array_filter($values, static fn ($value) => preg_match($regex, $value) === 1) !== [], $actual);
                }

                return $result(in_array($expected, $values, true), $actual);
            case 'schema':
                // No JSON Schema validator on this host (see above); the app checks the documented shape.
                return $result(false, (string) $response['status'], 'kite:run on the Laravel host checks no response schema (no JSON Schema validator is installed); the app checks it after Send');
            case 'body':
                $document = $body();
                if ($document === []) {
                    return $result(false, self::NONE, 'The body is not JSON');
                }
                try {
                    $matches = JsonPath::query($document['value'], $path);
                } catch (\InvalidArgumentException $error) {
                    return $result(false, self::NONE, "{$path}: {$error->getMessage()}");
                }
                if ($matches === []) {
                    if ($assertion['operator'] === 'exists') {
                        return $result(false, self::NONE, "Nothing at {$path} in the body");
                    }

                    return $result($assertion['operator'] === 'not-equals', self::NONE, "Nothing at {$path} in the body");
                }
                $found = count($matches) === 1 ? $matches[0] : $matches;
                $actual = self::show($found);
                if ($assertion['operator'] === 'exists') {
                    return $result(true, $actual);
                }

                return $result(...self::compare($assertion['operator'], $found, $expected, $actual));
            default:
                return $result(false, self::NONE, "{$assertion['source']} is not a source this client knows");
        }
    }

    /** @return array{0: bool, 1: string, 2?: string} */
    private static function compare(string $operator, mixed $found, string $expected, string $actual): array
    {
        switch ($operator) {
            case 'equals':
                return [self::same($found, $expected), $actual];
            case 'not-equals':
                return [! self::same($found, $expected), $actual];
            case 'matches':
                $regex = self::regex($expected);
                if (str_starts_with($regex, 'Not a regular expression')) {
                    return [false, $actual, $regex];
                }
                if (is_array($found) || $found instanceof \stdClass) {
                    return [false, $actual, 'A regular expression matches text or a number, not '.(is_array($found) ? 'an array' : 'an object')];
                }

                return [preg_match($regex, self::text($found)) === 1, $actual];
            case 'type':
                $wanted = strtolower(trim($expected));
                $type = self::type($found);
                if (! in_array($wanted, self::JSON_TYPES, true)) {
                    return [false, $type, 'A type is one of '.implode(', ', self::JSON_TYPES).", not '{$expected}'"];
                }

                return [$type === $wanted || ($wanted === 'number' && $type === 'integer'), $type];
            case 'length':
                $length = is_string($found) ? mb_strlen($found) : (is_array($found) ? count($found) : ($found instanceof \stdClass ? count(get_object_vars($found)) : null));
                if ($length === null) {
                    $type = self::type($found);

                    return [false, $actual, (preg_match('/^[aeiou]/', $type) === 1 ? 'An' : 'A')." {$type} has no length"];
                }
                if (preg_match('/^\s*-?\d+\s*$/', $expected) !== 1) {
                    return [false, (string) $length, "A length is a whole number, not '{$expected}'"];
                }

                return [$length === (int) trim($expected), (string) $length];
            case 'contains':
                if (is_string($found)) {
                    return [str_contains($found, $expected), $actual];
                }
                if (is_array($found)) {
                    return [array_filter($found, static fn ($item) => self::same($item, $expected)) !== [], $actual];
                }
                if ($found instanceof \stdClass) {
                    return [property_exists($found, $expected), $actual];
                }

                return [str_contains(self::text($found), $expected), $actual];
            case 'less-than':
            case 'greater-than':
                $value = is_int($found) || is_float($found) ? (float) $found : (is_string($found) && is_numeric(trim($found)) ? (float) trim($found) : null);
                if (! is_numeric(trim($expected))) {
                    return [false, $actual, "Compare with a number, not '{$expected}'"];
                }
                if ($value === null) {
                    return [false, $actual, "{$actual} is not a number"];
                }

                return [$operator === 'less-than' ? $value < (float) trim($expected) : $value > (float) trim($expected), $actual];
            default:
                return [false, $actual, "{$operator} does not apply to a JSON value"];
        }
    }

    /**
     * A trace line's outcome (trace-checks.ts traceOutcome).
     *
     * @return array{0: bool, 1: string, 2?: string}
     */
    private static function traceOutcome(array $assertion, string $path, string $expected, ?array $trace, ?\Closure $row): array
    {
        if ($assertion['source'] === 'row') {
            if (preg_match('/^\s*([A-Za-z0-9_]+)\.([A-Za-z0-9_]+)\s*$/', $path, $match) !== 1) {
                return [false, self::NONE, "Name the row's table and column as table.column, not '{$path}'"];
            }
            $answer = $row ? $row($match[1], $match[2], $expected) : null;
            if ($answer === null) {
                return [false, self::NONE, 'The host did not answer whether the row exists (only the Laravel host with its data pickers on can)'];
            }
            if (isset($answer['error'])) {
                return [false, self::NONE, $answer['error']];
            }

            return $answer['exists'] ? [true, 'a row'] : [false, 'no row', "No row of {$match[1]} has {$match[2]} = {$expected}"];
        }
        if ($trace === null) {
            return [false, self::NONE, 'This answer has no trace of the call (only the Laravel host records one)'];
        }
        $list = static fn (array $items) => $items === [] ? self::NONE : implode(', ', $items);
        switch ($assertion['source']) {
            case 'queries':
                $queries = $trace['queries'] ?? [];
                if ($assertion['operator'] === 'no-repeated-shape') {
                    $worst = self::repeatedShapes($queries)[0] ?? null;
                    if ($worst === null) {
                        return [true, count($queries).' '.(count($queries) === 1 ? 'query' : 'queries').', no shape '.self::REPEATED_QUERY_THRESHOLD.' times'];
                    }

                    return [false, "{$worst['count']}× {$worst['shape']}", "The same query ran {$worst['count']} times (a likely N+1): {$worst['shape']}"];
                }
                if (preg_match('/^\s*-?\d+\s*$/', $expected) !== 1) {
                    return [false, (string) count($queries), "Compare with a whole number of queries, not '{$expected}'"];
                }

                return [count($queries) < (int) trim($expected), (string) count($queries)];
            case 'mail':
                $mails = $trace['mails'] ?? [];
                if ($assertion['operator'] === 'sent-to') {
                    $all = [];
                    foreach ($mails as $mail) {
                        array_push($all, ...$mail['to'], ...($mail['cc'] ?? []), ...($mail['bcc'] ?? []));
                    }
                    $wanted = self::address($expected);
                    if ($wanted === '') {
                        return [false, $list($all), 'Name the address'];
                    }

                    return [array_filter($all, static fn ($to) => self::address($to) === $wanted) !== [], $list($all)];
                }
                $subjects = array_map(static fn ($mail) => (string) $mail['subject'], $mails);
                if ($expected === '') {
                    return [false, $list($subjects), 'Name what the subject contains'];
                }

                return [array_filter($subjects, static fn ($subject) => str_contains($subject, $expected)) !== [], $list($subjects)];
            case 'dispatched':
                $classes = array_values(array_unique([...array_map(static fn ($job) => (string) $job['job'], $trace['jobs'] ?? []), ...array_map(static fn ($item) => (string) $item['notification'], $trace['notifications'] ?? [])]));
                $name = ltrim(trim($expected), '\\');
                if (trim($expected) === '') {
                    return [false, $list($classes), 'Name the job or notification class'];
                }

                return [$name !== '' && array_filter($classes, static fn ($class) => $class === $name || str_ends_with($class, '\\'.$name)) !== [], $list($classes)];
            case 'log':
                $level = trim($expected) === '' ? 'error' : strtolower(trim($expected));
                $floor = array_search($level, self::LOG_LEVELS, true);
                if ($floor === false) {
                    return [false, self::NONE, 'A log level is one of '.implode(', ', self::LOG_LEVELS).", not '{$expected}'"];
                }
                $found = array_filter($trace['logs'] ?? [], static fn ($log) => (int) array_search(strtolower((string) $log['level']), self::LOG_LEVELS, true) >= $floor && in_array(strtolower((string) $log['level']), self::LOG_LEVELS, true));

                return [$found === [], $list(array_map(static fn ($log) => "{$log['level']}: {$log['message']}", array_values($found)))];
            case 'exception':
                $exception = $trace['exception'] ?? null;

                return [$exception === null, $exception ? "{$exception['class']}: {$exception['message']}" : self::NONE];
        }

        return [false, self::NONE, "{$assertion['source']} is not a trace check"];
    }

    /** The query with its literal values replaced (model/trace/query-shapes.ts queryShape). */
    public static function queryShape(string $sql): string
    {
        $shape = (string) preg_replace("/'(?:[^'\\\\]|\\\\.|'')*'/", '?', $sql);
        $shape = (string) preg_replace('/\b\d+(?:\.\d+)?\b/', '?', $shape);
        $shape = (string) preg_replace('/\bin\s*\((?:\s*\?\s*,?)+\)/i', 'in (?)', $shape);

        return trim((string) preg_replace('/\s+/', ' ', $shape));
    }

    /** @return list<array{shape: string, count: int}> shapes run REPEATED_QUERY_THRESHOLD times or more, most first */
    public static function repeatedShapes(array $queries): array
    {
        $counts = [];
        foreach ($queries as $query) {
            $shape = self::queryShape((string) $query['sql']);
            $counts[$shape] = ($counts[$shape] ?? 0) + 1;
        }
        $repeated = [];
        foreach ($counts as $shape => $count) {
            if ($count >= self::REPEATED_QUERY_THRESHOLD) {
                $repeated[] = ['shape' => (string) $shape, 'count' => $count];
            }
        }
        usort($repeated, static fn ($a, $b) => $b['count'] <=> $a['count']);

        return $repeated;
    }

    /** `$.data.id equals {{id}}`, `status is in class 2xx`: the line in words (assertion.ts describeAssertion). */
    public static function describe(array $assertion): string
    {
        $subject = match ($assertion['source']) {
            'header' => "header {$assertion['path']}",
            'body', 'row' => $assertion['path'],
            'schema' => 'body',
            'time' => 'response time',
            'queries' => 'queries',
            'mail' => 'a mail',
            'dispatched' => 'a job or notification',
            'log' => 'log entries',
            'exception' => 'exceptions',
            default => 'status',
        };
        $expected = in_array($assertion['operator'], self::WITHOUT_EXPECTED, true) ? '' : " {$assertion['expected']}".($assertion['source'] === 'time' ? ' ms' : '');

        return "{$subject} ".(self::OPERATOR_LABELS[$assertion['operator']] ?? $assertion['operator']).$expected;
    }

    private static function address(string $text): string
    {
        return strtolower(trim(preg_match('/<([^>]*)>\s*$/', $text, $match) === 1 ? $match[1] : $text));
    }

    /** A JavaScript-style regular expression as a PCRE, or why it is not one. */
    private static function regex(string $source): string
    {
        $pattern = "\x01".$source."\x01u";
        set_error_handler(static fn () => true);
        try {
            $valid = preg_match($pattern, '') !== false;
        } finally {
            restore_error_handler();
        }

        return $valid ? $pattern : 'Not a regular expression: '.preg_last_error_msg();
    }

    private static function same(mixed $value, string $expected): bool
    {
        if (is_string($value) && $value === $expected) {
            return true;
        }
        try {
            return self::deepEqual($value, json_decode($expected, false, 512, JSON_THROW_ON_ERROR));
        } catch (\JsonException) {
            return false;
        }
    }

    private static function deepEqual(mixed $a, mixed $b): bool
    {
        if ((is_int($a) || is_float($a)) && (is_int($b) || is_float($b))) {
            return (float) $a === (float) $b;
        }
        if (is_array($a) && is_array($b)) {
            return count($a) === count($b) && array_filter(array_keys($a), static fn ($key) => ! self::deepEqual($a[$key], $b[$key])) === [];
        }
        if ($a instanceof \stdClass && $b instanceof \stdClass) {
            $left = get_object_vars($a);
            $right = get_object_vars($b);
            if (count($left) !== count($right)) {
                return false;
            }
            foreach ($left as $key => $item) {
                if (! array_key_exists($key, $right) || ! self::deepEqual($item, $right[$key])) {
                    return false;
                }
            }

            return true;
        }

        return $a === $b;
    }

    private static function type(mixed $value): string
    {
        return match (true) {
            $value === null => 'null',
            is_array($value) => 'array',
            is_int($value) => 'integer',
            is_float($value) => floor($value) === $value && is_finite($value) ? 'integer' : 'number',
            is_bool($value) => 'boolean',
            is_string($value) => 'string',
            default => 'object',
        };
    }

    /** A scalar as JavaScript's String() writes it. */
    private static function text(mixed $value): string
    {
        return match (true) {
            $value === null => 'null',
            is_bool($value) => $value ? 'true' : 'false',
            is_string($value) => $value,
            default => self::json($value),
        };
    }

    private static function json(mixed $value): string
    {
        return (string) json_encode($value, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);
    }

    /** A value as one short line: a string as it is, anything else as JSON, cut at 200 characters. */
    public static function show(mixed $value): string
    {
        $text = is_string($value) ? $value : self::json($value);

        return mb_strlen($text) > 200 ? mb_substr($text, 0, 199).'…' : $text;
    }
}
