<?php

namespace Kite\Run;

/**
 * The JSONPath a saved assertion or capture names, evaluated over a decoded JSON document (objects
 * as stdClass, arrays as lists): `$`, `.name`, `['name']`, `["name"]`, `[0]`, `[-1]`, `[*]`, `.*`
 * and `..name`. The app's JSONPath (JSONPath-Plus) reads more (filters, slices); a path this
 * reader cannot read is an error that says so, never a silent other meaning.
 */
final class JsonPath
{
    /**
     * @return list<mixed> every value the path selects
     *
     * @throws \InvalidArgumentException a path it cannot read
     */
    public static function query(mixed $document, string $path): array
    {
        $path = trim($path);
        if (! str_starts_with($path, '$')) {
            throw new \InvalidArgumentException('A JSONPath expression starts with $ (for example $.data[*].email)');
        }
        $nodes = [$document];
        $i = 1;
        $length = strlen($path);
        while ($i < $length) {
            $recursive = false;
            if (substr($path, $i, 2) === '..') {
                $recursive = true;
                $i += 2;
            } elseif ($path[$i] === '.') {
                $i++;
            }
            if ($i < $length && $path[$i] === '[') {
                $end = self::closing($path, $i);
                $selector = self::bracket(substr($path, $i + 1, $end - $i - 1));
                $i = $end + 1;
            } else {
                preg_match('/\G(\*|[^.\[]+)/', $path, $match, 0, $i);
                if ($match === []) {
                    throw new \InvalidArgumentException("Unexpected character at {$i} of {$path}");
                }
                $selector = $match[1] === '*' ? ['*'] : ['name', $match[1]];
                $i += strlen($match[1]);
            }
            if ($recursive) {
                $nodes = self::descendants($nodes);
            }
            $next = [];
            foreach ($nodes as $node) {
                foreach (self::select($node, $selector) as $value) {
                    $next[] = $value;
                }
            }
            $nodes = $next;
        }

        return $nodes;
    }

    private static function closing(string $path, int $open): int
    {
        $quote = null;
        for ($i = $open + 1, $length = strlen($path); $i < $length; $i++) {
            $char = $path[$i];
            if ($quote !== null) {
                if ($char === '\\') {
                    $i++;
                } elseif ($char === $quote) {
                    $quote = null;
                }
            } elseif ($char === "'" || $char === '"') {
                $quote = $char;
            } elseif ($char === ']') {
                return $i;
            }
        }
        throw new \InvalidArgumentException('] is missing at the end');
    }

    /** @return array{0: string, 1?: string|int} */
    private static function bracket(string $inside): array
    {
        $inside = trim($inside);
        if ($inside === '*') {
            return ['*'];
        }
        if (preg_match('/^-?\d+$/', $inside) === 1) {
            return ['index', (int) $inside];
        }
        if (preg_match('/^([\'"])(.*)\1$/s', $inside, $match) === 1) {
            return ['name', stripcslashes($match[2])];
        }
        throw new \InvalidArgumentException("[{$inside}]: php artisan kite:run reads names, indexes and * in brackets, not filters or slices");
    }

    /** @return list<mixed> */
    private static function select(mixed $node, array $selector): array
    {
        if ($selector[0] === '*') {
            return $node instanceof \stdClass ? array_values(get_object_vars($node)) : (is_array($node) ? $node : []);
        }
        if ($selector[0] === 'index') {
            if (! is_array($node)) {
                return [];
            }
            $index = $selector[1] < 0 ? count($node) + $selector[1] : $selector[1];

            return array_key_exists($index, $node) ? [$node[$index]] : [];
        }
        if ($node instanceof \stdClass && property_exists($node, $selector[1])) {
            return [$node->{$selector[1]}];
        }
        if (is_array($node) && preg_match('/^\d+$/', $selector[1]) === 1 && array_key_exists((int) $selector[1], $node)) {
            return [$node[(int) $selector[1]]];
        }

        return [];
    }

    /** @return list<mixed> each node and everything under it, depth first */
    private static function descendants(array $nodes): array
    {
        $all = [];
        foreach ($nodes as $node) {
            $all[] = $node;
            if ($node instanceof \stdClass || is_array($node)) {
                foreach (self::descendants(array_values($node instanceof \stdClass ? get_object_vars($node) : $node)) as $child) {
                    $all[] = $child;
                }
            }
        }

        return $all;
    }
}
