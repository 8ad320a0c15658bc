<?php

namespace Kite\Routes;

use Illuminate\Http\Resources\Json\JsonResource;
use ReflectionClass;
use ReflectionFunctionAbstract;
use ReflectionMethod;
use ReflectionNamedType;

/**
 * The static reads of ResponseShapes, with PHP's own tokenizer (no parser is installed): what a
 * route action returns, and the keys of the array literal a resource's `toArray()` returns.
 * Read: one `fn () => expr`, or each `return expr;` of a function body in order; the expressions
 * listed on ResponseShapes; `'key' => value` items of `return [ ... ];` with `$this->column`,
 * `$this->when*(...)` (optional), `X::collection(...)`, `new X(...)`, `X::make(...)` values.
 * Not read: variables assigned in the body, `array_merge`, `parent::toArray()` spreads (their keys
 * are left out), conditional returns beyond the first that reads.
 */
final class ResponseShapesReader
{
    private const SINGLE_FACTORIES = ['make', 'from', 'create', 'find', 'findorfail', 'firstorfail', 'firstorcreate', 'updateorcreate', 'forcecreate'];

    /** @return array{class: class-string, collection: bool, status: ?int}|null */
    public static function returnOf(ReflectionFunctionAbstract $function): ?array
    {
        $code = self::functionTokens($function);
        if ($code === null) {
            return null;
        }
        $file = $function->getFileName() ?: null;
        $namespace = $function instanceof ReflectionMethod ? $function->getDeclaringClass()->getNamespaceName() : self::namespaceOf($file);
        $parameters = [];
        foreach ($function->getParameters() as $parameter) {
            $type = $parameter->getType();
            if ($type instanceof ReflectionNamedType && ! $type->isBuiltin()) {
                $parameters['$'.$parameter->getName()] = $type->getName();
            }
        }
        foreach ($code['returns'] as $expression) {
            $read = self::readReturned($expression, $file, $namespace, $parameters, null);
            if ($read !== null) {
                return $read;
            }
        }

        return null;
    }

    /**
     * @return array<string, array{column: ?string, optional: bool, resource: ?string, collection: bool}>|null
     *                                                                                                           the keys of the array literal $toArray returns; null when it returns something else
     */
    public static function arrayKeysReturnedBy(ReflectionMethod $toArray): ?array
    {
        $code = self::functionTokens($toArray);
        $expression = $code['returns'][0] ?? null;
        if ($expression === null || ! self::is($expression[0], '[') || ! self::is(end($expression), ']')) {
            return null;
        }
        $file = $toArray->getFileName() ?: null;
        $namespace = $toArray->getDeclaringClass()->getNamespaceName();
        $keys = [];
        foreach (self::splitTopLevel(array_slice($expression, 1, -1), ',') as $item) {
            if (count($item) < 3 || ! self::isToken($item[0], T_CONSTANT_ENCAPSED_STRING) || ! self::isToken($item[1], T_DOUBLE_ARROW)) {
                continue;
            }
            $value = array_slice($item, 2);
            $text = strtolower(implode('', array_map(self::text(...), $value)));
            $entry = ['column' => null, 'optional' => str_contains($text, '->when'), 'resource' => null, 'collection' => false];
            if (count($value) === 3 && self::text($value[0]) === '$this' && self::isToken($value[1], T_OBJECT_OPERATOR) && self::isToken($value[2], T_STRING)) {
                $entry['column'] = self::text($value[2]);
            } else {
                $read = self::readReturned($value, $file, $namespace, [], null);
                if ($read !== null && is_subclass_of($read['class'], JsonResource::class)) {
                    $entry['resource'] = $read['class'];
                    $entry['collection'] = $read['collection'];
                }
            }
            $keys[stripslashes(substr(self::text($item[0]), 1, -1))] = $entry;
        }

        return $keys;
    }

    /** A class name as the file that writes it means it (its `use` imports, else its namespace). */
    public static function resolve(string $name, ?string $file, string $namespace): string
    {
        if (str_starts_with($name, '\\')) {
            return ltrim($name, '\\');
        }
        $first = explode('\\', $name)[0];
        $imports = self::importsOf($file);
        if (isset($imports[strtolower($first)])) {
            return $imports[strtolower($first)].substr($name, strlen($first));
        }

        return ($namespace === '' ? '' : $namespace.'\\').$name;
    }

    /**
     * @param  list<array|string>  $tokens  one expression, without whitespace
     * @param  array<string, string>  $parameters  the action's class-typed parameters by `$name`
     * @return array{class: class-string, collection: bool, status: ?int}|null
     */
    private static function readReturned(array $tokens, ?string $file, string $namespace, array $parameters, ?int $status): ?array
    {
        $count = count($tokens);
        // response()->json(inner, status)
        if ($count > 6 && strtolower(self::text($tokens[0])) === 'response' && self::text($tokens[1]) === '(' && self::text($tokens[2]) === ')'
            && self::isToken($tokens[3], T_OBJECT_OPERATOR) && strtolower(self::text($tokens[4])) === 'json' && self::text($tokens[5]) === '(') {
            $close = self::closing($tokens, 5);
            if ($close !== $count - 1) {
                return null;
            }
            $arguments = self::splitTopLevel(array_slice($tokens, 6, $close - 6), ',');
            $given = isset($arguments[1]) && count($arguments[1]) === 1 && self::isToken($arguments[1][0], T_LNUMBER) ? (int) self::text($arguments[1][0]) : null;

            return isset($arguments[0]) ? self::readReturned($arguments[0], $file, $namespace, $parameters, $given) : null;
        }
        if ($count === 1 && isset($parameters[self::text($tokens[0])])) {
            $class = $parameters[self::text($tokens[0])];

            return ResponseShapes::isShaped($class) ? ['class' => $class, 'collection' => false, 'status' => $status] : null;
        }
        $name = null;
        $collection = false;
        if ($count > 3 && self::isToken($tokens[0], T_NEW) && self::isName($tokens[1]) && self::text($tokens[2]) === '(' && self::closing($tokens, 2) === $count - 1) {
            $name = self::text($tokens[1]);
        } elseif ($count > 4 && self::isName($tokens[0]) && self::isToken($tokens[1], T_DOUBLE_COLON) && self::text($tokens[3]) === '(' && self::closing($tokens, 3) === $count - 1) {
            $call = strtolower(self::text($tokens[2]));
            if ($call === 'collection') {
                $collection = true;
            } elseif (! in_array($call, self::SINGLE_FACTORIES, true)) {
                return null;
            }
            $name = self::text($tokens[0]);
        }
        if ($name === null) {
            return null;
        }
        $class = self::resolve($name, $file, $namespace);

        return ResponseShapes::isShaped($class) ? ['class' => $class, 'collection' => $collection, 'status' => $status] : null;
    }

    /**
     * The tokens (no whitespace or comments) of each returned expression of $function.
     *
     * @return array{returns: list<list<array|string>>}|null
     */
    private static function functionTokens(ReflectionFunctionAbstract $function): ?array
    {
        $file = $function->getFileName();
        if ($file === false || ! is_file($file)) {
            return null;
        }
        [$all, $lines] = self::fileTokens($file);
        $start = $function->getStartLine();
        $end = $function->getEndLine();
        // The first token on the function's first line (binary search: a routes file may hold thousands of closures).
        $low = 0;
        $high = count($all);
        while ($low < $high) {
            $middle = intdiv($low + $high, 2);
            if ($lines[$middle] < $start) {
                $low = $middle + 1;
            } else {
                $high = $middle;
            }
        }
        $tokens = [];
        for ($i = $low, $n = count($all); $i < $n && $lines[$i] <= $end; $i++) {
            $tokens[] = $all[$i];
        }
        $at = self::functionKeyword($tokens, $function);
        if ($at === null) {
            return null;
        }
        $open = self::indexOf($tokens, '(', $at);
        $afterParameters = $open === null ? null : self::closing($tokens, $open);
        if ($afterParameters === null) {
            return null;
        }
        if (self::isToken($tokens[$at], T_FN)) {
            $arrow = self::indexOfToken($tokens, T_DOUBLE_ARROW, $afterParameters);

            return $arrow === null ? null : ['returns' => [self::expressionFrom($tokens, $arrow + 1)]];
        }
        $body = self::indexOf($tokens, '{', $afterParameters);
        $bodyEnd = $body === null ? null : self::closing($tokens, $body);
        if ($bodyEnd === null) {
            return null;
        }
        $returns = [];
        for ($i = $body + 1; $i < $bodyEnd; $i++) {
            if (self::isToken($tokens[$i], T_FN) || self::isToken($tokens[$i], T_FUNCTION)) {
                // A nested closure's returns are its own: skip its body.
                $nestedOpen = self::indexOf($tokens, '(', $i);
                $nestedParams = $nestedOpen === null ? null : self::closing($tokens, $nestedOpen);
                $nestedBody = $nestedParams === null ? null : (self::isToken($tokens[$i], T_FN) ? null : self::indexOf($tokens, '{', $nestedParams));
                $i = $nestedBody === null ? $i : (self::closing($tokens, $nestedBody) ?? $i);
                continue;
            }
            if (self::isToken($tokens[$i], T_RETURN)) {
                $returns[] = self::expressionFrom($tokens, $i + 1);
            }
        }

        return ['returns' => $returns];
    }

    /**
     * A file's tokens without whitespace and comments, and the line of each (a one-character token
     * takes the line of the token before it), read once per file.
     *
     * @return array{0: list<array|string>, 1: list<int>}
     */
    private static function fileTokens(string $file): array
    {
        static $cache = [];
        // Keyed by modification time too: a long-lived worker (Octane) sees an edited file anew.
        $key = $file.'@'.@filemtime($file);
        if (isset($cache[$key])) {
            return $cache[$key];
        }
        $tokens = [];
        $lines = [];
        $line = 1;
        foreach (token_get_all((string) file_get_contents($file)) as $token) {
            if (is_array($token)) {
                $line = $token[2];
                if (in_array($token[0], [T_WHITESPACE, T_COMMENT, T_DOC_COMMENT], true)) {
                    continue;
                }
            }
            $tokens[] = $token;
            $lines[] = $line;
        }

        return $cache[$key] = [$tokens, $lines];
    }

    private static function functionKeyword(array $tokens, ReflectionFunctionAbstract $function): ?int
    {
        foreach ($tokens as $i => $token) {
            if ($function instanceof ReflectionMethod) {
                if (self::isToken($token, T_FUNCTION) && isset($tokens[$i + 1]) && strcasecmp(self::text($tokens[$i + 1]), $function->getName()) === 0) {
                    return $i;
                }
            } elseif (self::isToken($token, T_FN) || (self::isToken($token, T_FUNCTION) && self::text($tokens[$i + 1] ?? '') === '(')) {
                return $i;
            }
        }

        return null;
    }

    /** The tokens of an expression starting at $from, up to a `;`, `,` or closing bracket at its own depth. */
    private static function expressionFrom(array $tokens, int $from): array
    {
        $depth = 0;
        $expression = [];
        for ($i = $from, $n = count($tokens); $i < $n; $i++) {
            $text = self::text($tokens[$i]);
            if (in_array($text, ['(', '[', '{'], true) || self::isToken($tokens[$i], T_CURLY_OPEN) || self::isToken($tokens[$i], T_DOLLAR_OPEN_CURLY_BRACES)) {
                $depth++;
            } elseif (in_array($text, [')', ']', '}'], true)) {
                if ($depth === 0) {
                    break;
                }
                $depth--;
            } elseif ($depth === 0 && ($text === ';' || $text === ',')) {
                break;
            }
            $expression[] = $tokens[$i];
        }

        return $expression;
    }

    /** @return list<list<array|string>> $tokens cut at $separator where no bracket is open */
    private static function splitTopLevel(array $tokens, string $separator): array
    {
        $parts = [[]];
        $depth = 0;
        foreach ($tokens as $token) {
            $text = self::text($token);
            if (in_array($text, ['(', '[', '{'], true) || self::isToken($token, T_CURLY_OPEN)) {
                $depth++;
            } elseif (in_array($text, [')', ']', '}'], true)) {
                $depth--;
            } elseif ($depth === 0 && $text === $separator) {
                $parts[] = [];
                continue;
            }
            $parts[count($parts) - 1][] = $token;
        }

        return array_values(array_filter($parts, static fn (array $part) => $part !== []));
    }

    /** The index of the bracket closing the one at $open. */
    private static function closing(array $tokens, int $open): ?int
    {
        $depth = 0;
        for ($i = $open, $n = count($tokens); $i < $n; $i++) {
            $text = self::text($tokens[$i]);
            if (in_array($text, ['(', '[', '{'], true) || self::isToken($tokens[$i], T_CURLY_OPEN) || self::isToken($tokens[$i], T_DOLLAR_OPEN_CURLY_BRACES)) {
                $depth++;
            } elseif (in_array($text, [')', ']', '}'], true) && --$depth === 0) {
                return $i;
            }
        }

        return null;
    }

    private static function indexOf(array $tokens, string $text, int $from): ?int
    {
        for ($i = $from, $n = count($tokens); $i < $n; $i++) {
            if ($tokens[$i] === $text) {
                return $i;
            }
        }

        return null;
    }

    private static function indexOfToken(array $tokens, int $kind, int $from): ?int
    {
        for ($i = $from, $n = count($tokens); $i < $n; $i++) {
            if (self::isToken($tokens[$i], $kind)) {
                return $i;
            }
        }

        return null;
    }

    /** @return array<string, string> a file's `use` imports by lower-cased alias */
    private static function importsOf(?string $file): array
    {
        static $cache = [];
        if ($file === null || ! is_file($file)) {
            return [];
        }
        $key = $file.'@'.@filemtime($file);
        if (isset($cache[$key])) {
            return $cache[$key];
        }
        $imports = [];
        preg_match_all('/^use\s+([\w\\\\]+)(?:\s+as\s+(\w+))?\s*;/mi', (string) file_get_contents($file), $matches, PREG_SET_ORDER);
        foreach ($matches as $match) {
            $alias = $match[2] ?? '';
            $imports[strtolower($alias !== '' ? $alias : substr(strrchr('\\'.$match[1], '\\'), 1))] = ltrim($match[1], '\\');
        }

        return $cache[$key] = $imports;
    }

    private static function namespaceOf(?string $file): string
    {
        static $cache = [];
        if ($file === null) {
            return '';
        }

        return $cache[$file.'@'.@filemtime($file)] ??= preg_match('/^namespace\s+([\w\\\\]+)\s*;/m', (string) file_get_contents($file), $match) ? $match[1] : '';
    }

    private static function isName(array|string $token): bool
    {
        return is_array($token) && in_array($token[0], [T_STRING, T_NAME_QUALIFIED, T_NAME_FULLY_QUALIFIED], true);
    }

    private static function isToken(array|string $token, int $kind): bool
    {
        return is_array($token) && $token[0] === $kind;
    }

    private static function is(array|string|false $token, string $text): bool
    {
        return $token !== false && self::text($token) === $text;
    }

    private static function text(array|string $token): string
    {
        return is_array($token) ? $token[1] : $token;
    }
}
