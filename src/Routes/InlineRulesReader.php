<?php

namespace Kite\Routes;

use Illuminate\Validation\Rules\In;
use ReflectionFunctionAbstract;

/**
 * Reads the rules of inline validation calls from a controller method's or closure's source,
 * without running it: `$request->validate([...])`, `$this->validate($request, [...])`,
 * `Validator::make($data, [...])` and `validator($data, [...])`. Literal strings, arrays and
 * `Rule::in([...])` are read; any other expression becomes an UnreadableRule (a note in the schema).
 */
final class InlineRulesReader
{
    /** @var array<string, list<array{0: int, 1: string, 2: int}>> tokens per file */
    private static array $tokens = [];

    /**
     * @return array{rules: array<string, mixed>, errors: list<array{message: string, location: string, fix: string}>}
     */
    public static function read(ReflectionFunctionAbstract $function): array
    {
        $file = $function->getFileName();
        if ($file === false || ! is_file($file)) {
            return ['rules' => [], 'errors' => []];
        }

        $tokens = self::tokensBetween($file, (int) $function->getStartLine(), (int) $function->getEndLine());

        $rules = [];
        $errors = [];
        $count = count($tokens);
        for ($i = 0; $i < $count; $i++) {
            $argumentIndex = self::validationCallAt($tokens, $i);
            if ($argumentIndex === null) {
                continue;
            }
            $isMember = in_array($tokens[$i][1], ['->', '?->', '::'], true);
            $open = self::next($tokens, $isMember ? self::next($tokens, $i + 1) + 1 : $i + 1);
            $arguments = self::splitArguments($tokens, $open);
            $argument = $arguments[$argumentIndex] ?? null;
            $line = $tokens[$i][2];
            if ($argument === null) {
                continue;
            }
            [$start, $end] = $argument;
            if (self::next($tokens, $start) >= $end) {
                continue; // `$validator->validate()`: a Validator's own method, no rules here
            }
            $position = $start;
            $value = self::parseValue($tokens, $position, $end);
            if (! is_array($value) || self::next($tokens, $position) < $end) {
                $errors[] = [
                    'message' => 'Validation rules passed as `'.self::source($tokens, $start, $end).'` cannot be read without running the route.',
                    'location' => $file.':'.$line,
                    'fix' => ExtractionFix::DYNAMIC_RULES,
                ];
                continue;
            }
            foreach ($value as $field => $fieldRules) {
                if (is_string($field)) {
                    $rules[$field] = $fieldRules;
                }
            }
        }

        return ['rules' => $rules, 'errors' => $errors];
    }

    /**
     * The index of the rules argument when a validation call starts at token $i, else null.
     */
    private static function validationCallAt(array $tokens, int $i): ?int
    {
        $text = $tokens[$i][1];
        $nextIndex = self::next($tokens, $i + 1);
        $next = $tokens[$nextIndex][1] ?? '';

        if (($text === '->' || $text === '?->') && in_array(strtolower($next), ['validate', 'validatewithbag'], true)) {
            if (($tokens[self::next($tokens, $nextIndex + 1)][1] ?? '') !== '(') {
                return null;
            }
            $object = $tokens[self::previous($tokens, $i - 1)][1] ?? '';
            $offset = strtolower($next) === 'validatewithbag' ? 1 : 0;

            // `$this->validate($request, $rules)` (ValidatesRequests) takes the request first.
            return ($object === '$this' ? 1 : 0) + $offset;
        }

        if ($text === '::' && strtolower($next) === 'make') {
            $class = $tokens[self::previous($tokens, $i - 1)][1] ?? '';
            if (strcasecmp(substr($class, -9), 'Validator') === 0 && ($tokens[self::next($tokens, $nextIndex + 1)][1] ?? '') === '(') {
                return 1;
            }

            return null;
        }

        if (strcasecmp(ltrim($text, '\\'), 'validator') === 0 && $next === '(') {
            $before = $tokens[self::previous($tokens, $i - 1)][1] ?? '';
            if (! in_array($before, ['->', '?->', '::', 'function', 'new'], true)) {
                return 1;
            }
        }

        return null;
    }

    /** @return list<array{0: int, 1: int}> token ranges [start, end) of each argument */
    private static function splitArguments(array $tokens, int $open): array
    {
        if (($tokens[$open][1] ?? '') !== '(') {
            return [];
        }
        $arguments = [];
        $depth = 0;
        $start = $open + 1;
        $count = count($tokens);
        for ($i = $open; $i < $count; $i++) {
            $text = $tokens[$i][1];
            if (in_array($text, ['(', '[', '{'], true) || $tokens[$i][0] === T_CURLY_OPEN || $tokens[$i][0] === T_DOLLAR_OPEN_CURLY_BRACES) {
                $depth++;
            } elseif (in_array($text, [')', ']', '}'], true)) {
                $depth--;
                if ($depth === 0) {
                    $arguments[] = [$start, $i];

                    return $arguments;
                }
            } elseif ($text === ',' && $depth === 1) {
                $arguments[] = [$start, $i];
                $start = $i + 1;
            }
        }

        return $arguments;
    }

    /** Parses a literal value from $position (moved past it); a non-literal becomes an UnreadableRule. */
    private static function parseValue(array $tokens, int &$position, int $end): mixed
    {
        $position = self::next($tokens, $position);
        $token = $tokens[$position] ?? null;
        if ($token === null || $position >= $end) {
            return new UnreadableRule('');
        }

        if ($token[1] === '[' || (strtolower($token[1]) === 'array' && ($tokens[self::next($tokens, $position + 1)][1] ?? '') === '(')) {
            return self::parseArray($tokens, $position, $end);
        }

        $start = $position;
        $after = self::next($tokens, $position + 1);
        $closesValue = static fn (int $index) => in_array($tokens[$index][1] ?? ',', [',', ']', ')', '=>'], true) || $index >= $end;

        if ($token[0] === T_CONSTANT_ENCAPSED_STRING && $closesValue($after)) {
            $position = $after;

            return self::stringValue($token[1]);
        }
        if (($token[0] === T_LNUMBER || $token[0] === T_DNUMBER) && $closesValue($after)) {
            $position = $after;

            return $token[1] + 0;
        }

        // Rule::in([...]) or Rule::in('a', 'b')
        if (preg_match('/(^|\\\\)Rule$/', $token[1]) === 1 && ($tokens[$after][1] ?? '') === '::'
            && strtolower($tokens[self::next($tokens, $after + 1)][1] ?? '') === 'in') {
            $open = self::next($tokens, self::next($tokens, $after + 1) + 1);
            $arguments = self::splitArguments($tokens, $open);
            $values = [];
            $readable = $arguments !== [];
            foreach ($arguments as [$argumentStart, $argumentEnd]) {
                $cursor = $argumentStart;
                $value = self::parseValue($tokens, $cursor, $argumentEnd);
                if (is_array($value)) {
                    array_push($values, ...array_values($value));
                } elseif (is_scalar($value)) {
                    $values[] = $value;
                } else {
                    $readable = false;
                }
            }
            $close = self::closing($tokens, $open);
            $afterCall = self::next($tokens, $close + 1);
            if ($readable && $closesValue($afterCall) && self::allScalar($values)) {
                $position = $afterCall;

                return new In($values);
            }
        }

        // Anything else: skip to the end of this value and keep its source as a note.
        $depth = 0;
        for ($i = $position; $i < $end; $i++) {
            $text = $tokens[$i][1];
            if (in_array($text, ['(', '[', '{'], true)) {
                $depth++;
            } elseif (in_array($text, [')', ']', '}'], true)) {
                if ($depth === 0) {
                    break;
                }
                $depth--;
            } elseif (($text === ',' || $text === '=>') && $depth === 0) {
                break;
            }
        }
        $position = $i;

        return new UnreadableRule(self::source($tokens, $start, $i));
    }

    private static function parseArray(array $tokens, int &$position, int $end): array|UnreadableRule
    {
        $start = $position;
        if ($tokens[$position][1] !== '[') {
            $position = self::next($tokens, $position + 1);
        }
        $close = self::closing($tokens, $position);
        $position++;
        $result = [];

        while (true) {
            $position = self::next($tokens, $position);
            if ($position >= $close) {
                break;
            }
            $value = self::parseValue($tokens, $position, $close);
            $position = self::next($tokens, $position);
            if (($tokens[$position][1] ?? '') === '=>') {
                $position++;
                $key = $value;
                $value = self::parseValue($tokens, $position, $close);
                $position = self::next($tokens, $position);
                if (is_string($key) || is_int($key)) {
                    $result[$key] = $value;
                }
            } else {
                $result[] = $value;
            }
            if (($tokens[$position][1] ?? '') === ',') {
                $position++;
            } elseif ($position < $close) {
                $position = $close + 1;

                return new UnreadableRule(self::source($tokens, $start, $close + 1));
            }
        }
        $position = $close + 1;

        return $result;
    }

    private static function allScalar(array $values): bool
    {
        foreach ($values as $value) {
            if (! is_scalar($value)) {
                return false;
            }
        }

        return true;
    }

    private static function closing(array $tokens, int $open): int
    {
        $depth = 0;
        $count = count($tokens);
        for ($i = $open; $i < $count; $i++) {
            $text = $tokens[$i][1];
            if (in_array($text, ['(', '[', '{'], true)) {
                $depth++;
            } elseif (in_array($text, [')', ']', '}'], true)) {
                $depth--;
                if ($depth === 0) {
                    return $i;
                }
            }
        }

        return $count;
    }

    private static function stringValue(string $literal): string
    {
        $body = substr($literal, 1, -1);

        return $literal[0] === "'" ? str_replace(["\\'", '\\\\'], ["'", '\\'], $body) : stripcslashes($body);
    }

    private static function source(array $tokens, int $start, int $end): string
    {
        $text = '';
        for ($i = $start; $i < $end && isset($tokens[$i]); $i++) {
            $text .= $tokens[$i][1];
        }

        return trim(preg_replace('/\s+/', ' ', $text));
    }

    private static function next(array $tokens, int $i): int
    {
        $count = count($tokens);
        while ($i < $count && in_array($tokens[$i][0], [T_WHITESPACE, T_COMMENT, T_DOC_COMMENT], true)) {
            $i++;
        }

        return $i;
    }

    private static function previous(array $tokens, int $i): int
    {
        while ($i > 0 && in_array($tokens[$i][0], [T_WHITESPACE, T_COMMENT, T_DOC_COMMENT], true)) {
            $i--;
        }

        return $i;
    }

    /** @return list<array{0: int, 1: string, 2: int}> */
    private static function tokensBetween(string $file, int $startLine, int $endLine): array
    {
        if (! isset(self::$tokens[$file])) {
            $tokens = [];
            $line = 1;
            foreach (token_get_all((string) file_get_contents($file)) as $token) {
                if (is_array($token)) {
                    $tokens[] = [$token[0], $token[1], $token[2]];
                    $line = $token[2] + substr_count($token[1], "\n");
                } else {
                    $tokens[] = [0, $token, $line];
                }
            }
            self::$tokens[$file] = $tokens;
        }

        return array_values(array_filter(
            self::$tokens[$file],
            static fn (array $token) => $token[2] >= $startLine && $token[2] <= $endLine
        ));
    }
}
