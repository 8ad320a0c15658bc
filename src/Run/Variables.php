<?php

namespace Kite\Run;

/**
 * `{{name}}` filled in from a run's values, as the app's resolveText does
 * (resources/js/model/workspace/variables.ts): a name of letters, digits, `_`, `.` and `-`, spaces
 * inside the braces allowed; a name with no value stays as typed and is noted.
 */
final class Variables
{
    private const PATTERN = '/\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/';

    /** @param  array<string, string>  $values */
    public function __construct(public readonly array $values)
    {
    }

    /** @param  array<string, true>  $unresolved  names used with no value, added to */
    public function resolve(string $text, array &$unresolved = []): string
    {
        if (! str_contains($text, '{{')) {
            return $text;
        }

        return (string) preg_replace_callback(self::PATTERN, function (array $match) use (&$unresolved) {
            if (! array_key_exists($match[1], $this->values)) {
                $unresolved[$match[1]] = true;

                return $match[0];
            }

            return $this->values[$match[1]];
        }, $text);
    }

    /** Every string inside $value resolved (arrays walked). */
    public function resolveAll(mixed $value, array &$unresolved = []): mixed
    {
        if (is_string($value)) {
            return $this->resolve($value, $unresolved);
        }
        if (is_array($value)) {
            foreach ($value as $key => $item) {
                $value[$key] = $this->resolveAll($item, $unresolved);
            }
        }

        return $value;
    }
}
