<?php

namespace Kite\Trace;

/** Values under keys that look secret are shown as `********`, as Telescope does. */
final class Secrets
{
    public const MASK = '********';

    private const PATTERN = '/password|token|authorization|cookie|secret|api[_-]?key/i';

    public static function isSecretKey(string|int $key): bool
    {
        return is_string($key) && preg_match(self::PATTERN, $key) === 1;
    }

    /** The array with every value under a secret-looking key masked, at any depth. */
    public static function mask(array $values): array
    {
        foreach ($values as $key => $value) {
            if (self::isSecretKey($key)) {
                $values[$key] = self::MASK;
            } elseif (is_array($value)) {
                $values[$key] = self::mask($value);
            }
        }

        return $values;
    }
}
