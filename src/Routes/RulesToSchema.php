<?php

namespace Kite\Routes;

use Closure;
use Illuminate\Validation\Rules\In;
use Stringable;

/**
 * Turns Laravel validation rules (`['email' => 'required|email', 'tags.*' => 'string']`) into the
 * protocol's JSON Schema subset. Rules with no JSON Schema counterpart are kept as a `$comment`
 * note on the field, never an error.
 */
final class RulesToSchema
{
    /** Rules that shape the schema through other means or need no mention. */
    private const SILENT = ['required', 'present', 'sometimes', 'nullable', 'bail', 'confirmed'];

    private const TYPES = [
        'string' => 'string', 'integer' => 'integer', 'int' => 'integer', 'numeric' => 'number',
        'decimal' => 'number', 'boolean' => 'boolean', 'bool' => 'boolean', 'array' => 'array', 'list' => 'array',
        'email' => 'string', 'uuid' => 'string', 'ulid' => 'string', 'url' => 'string', 'active_url' => 'string',
        'date' => 'string', 'date_format' => 'string', 'file' => 'string', 'image' => 'string', 'mimes' => 'string',
        'mimetypes' => 'string', 'ip' => 'string', 'ipv4' => 'string', 'ipv6' => 'string', 'json' => 'string',
        'alpha' => 'string', 'alpha_num' => 'string', 'alpha_dash' => 'string', 'timezone' => 'string',
        'digits' => null, 'digits_between' => null, 'in' => null, 'regex' => 'string',
    ];

    private const FORMATS = [
        'email' => 'email', 'uuid' => 'uuid', 'url' => 'uri', 'active_url' => 'uri', 'date' => 'date',
        'file' => 'binary', 'image' => 'binary', 'mimes' => 'binary', 'mimetypes' => 'binary',
        'ip' => 'ip', 'ipv4' => 'ipv4', 'ipv6' => 'ipv6',
    ];

    /**
     * @param  array<string, mixed>  $rules  field => rules, as a FormRequest's rules() returns them
     * @return array{schema: ?array, hasFiles: bool}
     */
    public static function convert(array $rules): array
    {
        $root = ['type' => 'object', 'properties' => []];
        $hasFiles = false;

        foreach ($rules as $field => $fieldRules) {
            $parsed = self::parseRules($fieldRules);
            $hasFiles = $hasFiles || self::hasAny($parsed, ['file', 'image', 'mimes', 'mimetypes']);
            $segments = explode('.', (string) $field);
            self::place($root, $segments, $parsed);
        }

        if ($root['properties'] === [] && ! isset($root['required'])) {
            return ['schema' => null, 'hasFiles' => $hasFiles];
        }

        return ['schema' => self::finish($root), 'hasFiles' => $hasFiles];
    }

    /**
     * Splits one field's rules into [name, parameters] pairs; anything unreadable becomes a note.
     *
     * @return list<array{0: string, 1: list<string>, 2: string}>  name, parameters, original text
     */
    public static function parseRules(mixed $fieldRules): array
    {
        $list = is_string($fieldRules) ? explode('|', $fieldRules) : (is_array($fieldRules) ? $fieldRules : [$fieldRules]);
        $parsed = [];

        foreach ($list as $rule) {
            if (is_string($rule)) {
                if (trim($rule) === '') {
                    continue;
                }
                $parsed[] = self::parseStringRule(trim($rule));
            } elseif ($rule instanceof In) {
                $parsed[] = self::parseStringRule((string) $rule);
            } elseif ($rule instanceof UnreadableRule) {
                $parsed[] = ['?', [], 'not read statically: '.$rule->source];
            } elseif ($rule instanceof Closure) {
                $parsed[] = ['?', [], 'a closure rule'];
            } elseif ($rule instanceof Stringable || (is_object($rule) && method_exists($rule, '__toString'))) {
                $parsed[] = ['?', [], (string) $rule];
            } elseif (is_object($rule)) {
                $parsed[] = ['?', [], class_basename($rule)];
            } elseif (is_array($rule) || is_scalar($rule)) {
                $parsed[] = ['?', [], json_encode($rule)];
            }
        }

        return $parsed;
    }

    /** @return array{0: string, 1: list<string>, 2: string} */
    private static function parseStringRule(string $rule): array
    {
        [$name, $parameters] = array_pad(explode(':', $rule, 2), 2, null);
        $name = strtolower(trim($name));

        if ($parameters === null) {
            return [$name, [], $rule];
        }

        // Like Laravel's parser: a regex keeps its commas; other parameters are CSV.
        $values = in_array($name, ['regex', 'not_regex'], true) ? [$parameters] : str_getcsv($parameters);

        return [$name, array_map('strval', $values), $rule];
    }

    private static function hasAny(array $parsed, array $names): bool
    {
        foreach ($parsed as [$name]) {
            if (in_array($name, $names, true)) {
                return true;
            }
        }

        return false;
    }

    /** Walks `a.*.b` down from an object node, creating objects and arrays, and applies the rules at the end. */
    private static function place(array &$node, array $segments, array $parsed): void
    {
        $segment = array_shift($segments);

        if ($segment === '*') {
            $node['type'] = self::withNull($node['type'] ?? null, 'array');
            $node['items'] ??= [];
            if ($segments === []) {
                self::apply($node['items'], $parsed);
            } else {
                self::ensureObject($node['items']);
                self::place($node['items'], $segments, $parsed);
            }

            return;
        }

        self::ensureObject($node);
        $node['properties'][$segment] ??= [];

        if ($segments === []) {
            self::apply($node['properties'][$segment], $parsed);
            // `present`: the key must be sent (empty or not), which is what JSON Schema's required says.
            if (self::hasAny($parsed, ['required', 'present'])) {
                $node['required'][] = $segment;
            }
            if (self::hasAny($parsed, ['confirmed'])) {
                $confirmation = $node['properties'][$segment];
                unset($confirmation['$comment'], $confirmation['x-rules']);
                $node['properties'][$segment.'_confirmation'] = $confirmation;
                if (self::hasAny($parsed, ['required'])) {
                    $node['required'][] = $segment.'_confirmation';
                }
            }

            return;
        }

        // `address.city` makes `address` an object, `items.*` an array.
        self::place($node['properties'][$segment], $segments, $parsed);
    }

    private static function ensureObject(array &$node): void
    {
        $base = self::baseType($node);
        if ($base === null || $base === 'array' && ! isset($node['items'])) {
            $node['type'] = self::withNull($node['type'] ?? null, 'object');
            unset($node['minItems'], $node['maxItems']);
        }
        $node['properties'] ??= [];
    }

    /** Applies one field's parsed rules to its schema node. */
    private static function apply(array &$node, array $parsed): void
    {
        $notes = [];
        $type = self::baseType($node);

        foreach ($parsed as [$name]) {
            if (array_key_exists($name, self::TYPES) && self::TYPES[$name] !== null) {
                $candidate = self::TYPES[$name];
                // integer beats numeric; a declared array that already has properties is an object.
                if ($type === null || ($type === 'number' && $candidate === 'integer') || ($type === 'string' && $candidate !== 'string' && ! in_array($name, ['email', 'uuid', 'url', 'date', 'date_format', 'regex'], true))) {
                    $type = $candidate;
                }
            }
        }
        if ($type === 'array' && ! empty($node['properties'])) {
            $type = 'object';
        }
        if ($type !== null) {
            $node['type'] = $type;
        }

        foreach ($parsed as [$name, $parameters, $original]) {
            $first = $parameters[0] ?? null;
            switch ($name) {
                case 'email': case 'uuid': case 'url': case 'active_url': case 'date': case 'ip': case 'ipv4': case 'ipv6':
                    $node['format'] = self::FORMATS[$name];
                    break;
                case 'file': case 'mimes': case 'mimetypes':
                    $node['format'] = 'binary';
                    if ($name !== 'file') {
                        $notes[] = $original;
                    }
                    break;
                case 'image':
                    $node['format'] = 'binary';
                    $node['description'] = 'An image file';
                    break;
                case 'date_format':
                    $node['format'] = self::dateFormat((string) $first);
                    $node['description'] = 'Date in the format '.$first;
                    break;
                case 'in':
                    $node['enum'] = array_map(static fn ($value) => self::typedValue($value, $type), $parameters);
                    break;
                case 'min': case 'max': case 'size': case 'between':
                    self::applySize($node, $type, $name, $parameters, $notes, $original);
                    break;
                case 'digits': case 'digits_between':
                    self::applyDigits($node, $type, $name, $parameters);
                    break;
                case 'regex':
                    [$pattern, $flags] = self::regexPattern((string) $first);
                    $node['pattern'] = $pattern;
                    if ($flags !== '') {
                        $notes[] = 'pattern flags: '.$flags;
                    }
                    break;
                case 'multiple_of':
                    $node['multipleOf'] = $first + 0;
                    break;
                default:
                    if (! array_key_exists($name, self::TYPES) && ! in_array($name, self::SILENT, true)) {
                        $notes[] = $original;
                    }
            }
        }

        if (self::hasAny($parsed, ['nullable']) && isset($node['type'])) {
            $node['type'] = [self::baseType($node), 'null'];
        }

        if ($notes !== []) {
            $node['$comment'] = 'Laravel rules not expressed in this schema: '.implode('; ', $notes);
        }

        // The rules as written, for the app to name beside a validation message and to find
        // `exists:`/`unique:` tables (protocol: JsonSchema['x-rules']).
        $written = array_values(array_map(static fn ($rule) => $rule[2], array_filter($parsed, static fn ($rule) => $rule[0] !== '?')));
        if ($written !== []) {
            $node['x-rules'] = $written;
        }
    }

    private static function applySize(array &$node, ?string $type, string $name, array $parameters, array &$notes, string $original): void
    {
        if (($node['format'] ?? null) === 'binary') {
            $notes[] = $original.' (kilobytes)';

            return;
        }
        [$low, $high] = match ($name) {
            'min' => [$parameters[0] ?? null, null],
            'max' => [null, $parameters[0] ?? null],
            'size' => [$parameters[0] ?? null, $parameters[0] ?? null],
            'between' => [$parameters[0] ?? null, $parameters[1] ?? null],
        };
        [$lowKey, $highKey] = match ($type) {
            'integer', 'number' => ['minimum', 'maximum'],
            'array' => ['minItems', 'maxItems'],
            'object' => [null, null],
            default => ['minLength', 'maxLength'],
        };
        if ($lowKey === null) {
            $notes[] = $original;

            return;
        }
        $integerKeyword = $lowKey !== 'minimum';
        if ($low !== null && is_numeric($low)) {
            $node[$lowKey] = $integerKeyword ? (int) $low : $low + 0;
        }
        if ($high !== null && is_numeric($high)) {
            $node[$highKey] = $integerKeyword ? (int) $high : $high + 0;
        }
    }

    private static function applyDigits(array &$node, ?string $type, string $name, array $parameters): void
    {
        $low = (int) ($parameters[0] ?? 1);
        $high = (int) ($name === 'digits' ? $low : ($parameters[1] ?? $low));

        if ($type === 'integer' || $type === 'number') {
            $node['minimum'] = $low <= 1 ? 0 : 10 ** ($low - 1);
            $node['maximum'] = 10 ** $high - 1;

            return;
        }
        $node['type'] = $node['type'] ?? 'string';
        $node['pattern'] = $low === $high ? '^[0-9]{'.$low.'}$' : '^[0-9]{'.$low.','.$high.'}$';
    }

    /** `/^[a-z]+$/i` → [`^[a-z]+$`, `i`]. */
    private static function regexPattern(string $regex): array
    {
        if (strlen($regex) < 2) {
            return [$regex, ''];
        }
        $delimiter = $regex[0];
        $closing = ['(' => ')', '{' => '}', '[' => ']', '<' => '>'][$delimiter] ?? $delimiter;
        $end = strrpos($regex, $closing);
        if ($end === false || $end === 0 || ctype_alnum($delimiter) || $delimiter === '\\') {
            return [$regex, ''];
        }

        return [substr($regex, 1, $end - 1), substr($regex, $end + 1)];
    }

    private static function dateFormat(string $format): string
    {
        $hasDate = strpbrk($format, 'dDjlNSwzWFmMntLoYyU') !== false;
        $hasTime = strpbrk($format, 'aABgGhHisuv') !== false;

        return $hasDate && $hasTime ? 'date-time' : ($hasTime ? 'time' : 'date');
    }

    private static function typedValue(string $value, ?string $type): string|int|float|bool
    {
        return match (true) {
            $type === 'integer' && preg_match('/^-?\d+$/', $value) === 1 => (int) $value,
            $type === 'number' && is_numeric($value) => $value + 0,
            $type === 'boolean' && in_array($value, ['true', 'false', '1', '0'], true) => in_array($value, ['true', '1'], true),
            default => $value,
        };
    }

    private static function baseType(array $node): ?string
    {
        $type = $node['type'] ?? null;

        return is_array($type) ? $type[0] : $type;
    }

    /** Sets a node's type, keeping it nullable when it was. */
    private static function withNull(string|array|null $current, string $type): string|array
    {
        return is_array($current) ? [$type, 'null'] : $type;
    }

    /** Orders keywords, de-duplicates `required` and turns empty property maps into `{}`. */
    private static function finish(array $node): array|object
    {
        if (isset($node['properties'])) {
            $properties = [];
            foreach ($node['properties'] as $name => $child) {
                $properties[$name] = self::finish($child);
            }
            $node['properties'] = $properties === [] ? new \stdClass : $properties;
        }
        if (isset($node['items'])) {
            $node['items'] = $node['items'] === [] ? new \stdClass : self::finish($node['items']);
        }
        if (isset($node['required'])) {
            $node['required'] = array_values(array_unique($node['required']));
        }

        return $node === [] ? new \stdClass : $node;
    }
}
