<?php

namespace Kite\Trace;

/**
 * Which names hold credentials (protocol/secret-names.json: the one list, shared by log context,
 * dumps, query bindings, headers and the data pickers) and masking of the values under them: a
 * value under such a name is shown as `********`, as Telescope does.
 */
final class Secrets
{
    public const MASK = '********';

    /** @var array{words: array<string, true>, phrases: array<string, true>}|null */
    private static ?array $names = null;

    public static function isSecretName(string|int $name): bool
    {
        if (! is_string($name) || $name === '') {
            return false;
        }
        $names = self::names();
        $words = self::words($name);
        foreach ($words as $index => $word) {
            if (isset($names['words'][$word]) || isset($names['phrases'][$word])
                || (str_ends_with($word, 's') && isset($names['words'][substr($word, 0, -1)]))
                || (isset($words[$index + 1]) && isset($names['phrases'][$word.$words[$index + 1]]))) {
                return true;
            }
        }

        return false;
    }

    /**
     * A JSON-like value (DumpTree's output, log context) with every value under a secret-looking key
     * masked, at any depth; $masked counts the values masked.
     */
    public static function mask(mixed $value, int &$masked = 0): mixed
    {
        if (! is_array($value)) {
            return $value;
        }
        foreach ($value as $key => $inner) {
            if (self::isSecretName($key) && $inner !== null && $inner !== '' && $inner !== self::MASK) {
                $value[$key] = self::MASK;
                $masked++;
            } elseif (is_array($inner)) {
                $value[$key] = self::mask($inner, $masked);
            }
        }

        return $value;
    }

    /**
     * An object's properties as VarDumper's casters give them (`"\0*\0token"` for a protected one),
     * those under secret-looking names masked.
     */
    public static function maskProperties(array $properties): array
    {
        foreach ($properties as $key => $value) {
            $name = is_string($key) ? substr($key, (int) strrpos("\0".$key, "\0")) : $key;
            if (self::isSecretName($name) && $value !== null && $value !== '' && ! is_object($value) && ! is_array($value)) {
                $properties[$key] = self::MASK;
            }
        }

        return $properties;
    }

    /** @return list<string> `X-Api-Key` → [x, api, key]; `accessToken` → [access, token] */
    private static function words(string $name): array
    {
        $split = preg_split('/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/', $name, -1, PREG_SPLIT_NO_EMPTY);

        return array_map('strtolower', $split === false ? [$name] : $split);
    }

    /** @return array{words: array<string, true>, phrases: array<string, true>} phrases without their spaces */
    private static function names(): array
    {
        if (self::$names === null) {
            $list = json_decode((string) file_get_contents(dirname(__DIR__, 2).'/protocol/secret-names.json'), true, 8, JSON_THROW_ON_ERROR);
            self::$names = [
                'words' => array_fill_keys($list['words'], true),
                'phrases' => array_fill_keys(array_map(static fn (string $phrase) => str_replace(' ', '', $phrase), $list['phrases']), true),
            ];
        }

        return self::$names;
    }
}
