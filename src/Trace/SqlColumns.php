<?php

namespace Kite\Trace;

/**
 * Which column each `?` placeholder of a query is compared with or written to, read from the SQL
 * Laravel's grammars write: `insert into t (a, b) values (?, ?), (?, ?)` gives a, b, a, b;
 * `set a = ?`, `where t.a = ?`, `a in (?, ?)`, `a between ? and ?`, `a like ?` give a. A placeholder
 * Kite cannot place (`limit ?`, a function's argument) gets null. Used to mask the bindings of
 * secret-looking columns (a password hash being written).
 */
final class SqlColumns
{
    /** Tokens between a column and its placeholder: operators, list and range syntax. */
    private const BETWEEN = ['=', '<', '>', '<=', '>=', '<>', '!=', '(', ',', '?', 'in', 'not', 'like', 'ilike', 'between', 'and', 'is'];

    /** Words before a placeholder that are not a column (`limit ?`, `select ?`). */
    private const KEYWORDS = ['select', 'where', 'set', 'limit', 'offset', 'or', 'on', 'having', 'when', 'then', 'else', 'values', 'top', 'fetch', 'return', 'case'];

    /** @return list<?string> one entry per placeholder, in order */
    public static function ofPlaceholders(string $sql): array
    {
        $tokens = self::tokens($sql);
        $insertColumns = self::insertColumns($tokens);
        $columns = [];
        $afterValues = false;
        foreach ($tokens as $index => [$kind, $text]) {
            if ($kind === 'word' && $text === 'values') {
                $afterValues = true;
            }
            if ($kind !== '?') {
                continue;
            }
            if ($insertColumns !== null && $afterValues) {
                $columns[] = $insertColumns[count($columns) % count($insertColumns)];
                continue;
            }
            $columns[] = self::comparedColumn($tokens, $index);
        }

        return $columns;
    }

    /** @return list<array{0: string, 1: string}> [kind, text]: name (an identifier), word (a keyword, lower-cased), ?, symbol */
    private static function tokens(string $sql): array
    {
        preg_match_all('/"((?:[^"]|"")*)"|`((?:[^`]|``)*)`|\[([^\]]*)\]|\'(?:[^\']|\'\')*\'|(\?)|([A-Za-z_][A-Za-z0-9_$]*)|(<=|>=|<>|!=|\S)/', $sql, $matches, PREG_SET_ORDER | PREG_UNMATCHED_AS_NULL);
        $tokens = [];
        foreach ($matches as $match) {
            if ($match[1] !== null || $match[2] !== null || $match[3] !== null) {
                $tokens[] = ['name', (string) ($match[1] ?? $match[2] ?? $match[3])];
            } elseif ($match[4] !== null) {
                $tokens[] = ['?', '?'];
            } elseif ($match[5] !== null) {
                $tokens[] = ['word', strtolower($match[5])];
            } elseif ($match[6] !== null) {
                $tokens[] = ['symbol', $match[6]];
            } else {
                $tokens[] = ['string', $match[0]];
            }
        }

        return $tokens;
    }

    /** @return list<string>|null the column list of `insert into t (a, b) values …`, else null */
    private static function insertColumns(array $tokens): ?array
    {
        if (($tokens[0][1] ?? null) !== 'insert') {
            return null;
        }
        $open = null;
        foreach ($tokens as $index => [$kind, $text]) {
            if ($kind === 'symbol' && $text === '(') {
                $open = $index;
                break;
            }
        }
        if ($open === null) {
            return null;
        }
        $columns = [];
        for ($index = $open + 1; isset($tokens[$index]) && $tokens[$index][1] !== ')'; $index++) {
            if ($tokens[$index][0] === 'name' || $tokens[$index][0] === 'word') {
                $columns[] = $tokens[$index][1];
            }
        }

        return $columns === [] ? null : $columns;
    }

    /** The identifier before a placeholder, across operators, `in (`, `between ? and`; null when there is none. */
    private static function comparedColumn(array $tokens, int $index): ?string
    {
        for ($at = $index - 1; $at >= 0; $at--) {
            [$kind, $text] = $tokens[$at];
            if (in_array($kind === 'name' ? '' : $text, self::BETWEEN, true)) {
                continue;
            }

            return $kind === 'name' || ($kind === 'word' && ! in_array($text, self::KEYWORDS, true)) ? $text : null;
        }

        return null;
    }
}
