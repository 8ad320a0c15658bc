<?php

namespace Kite\Routes;

use Throwable;

/**
 * What to change so Kite can read a route's rules: one sentence per known cause of an extraction
 * error (ExtractionError.fix in protocol/types.ts). Kite calls rules() outside any request, so the
 * usual cause is code that expects one.
 */
final class ExtractionFix
{
    /** The ways rules() commonly reach the signed-in user. */
    private const USER_READS = ['$this->user()', '$request->user()', 'auth()->user()', 'Auth::user()', 'request()->user()'];

    public const RULES_THREW = 'rules() threw: make it return its array without the request being handled (Kite calls it with no user, input or bound models).';

    public const DYNAMIC_RULES = 'Pass validate() an array literal, or move the rules into a FormRequest\'s rules().';

    public const DATA_RULES = 'Make the object\'s rules() and validation attributes work without a request (Kite asks laravel-data for them with no user or input).';

    public const MISSING_CONTROLLER = 'Point the route at an existing controller, or run `composer dump-autoload` if the class was just added.';

    /** The fix for a FormRequest whose rules() threw $error, read from the line that threw. */
    public static function forRulesFailure(Throwable $error): string
    {
        $line = self::sourceLine($error->getFile(), $error->getLine());
        $member = self::memberReadOn($error->getMessage(), 'null');
        if ($member !== null) {
            foreach (self::USER_READS as $read) {
                if (str_contains($line, $read.'->')) {
                    return "rules() reads `{$read}`: Kite calls it without a user; guard with `?->` (`{$read}?->{$member}`).";
                }
            }
        }
        $member ??= self::memberReadOn($error->getMessage(), 'string');
        if ($member !== null && preg_match('/\$this->route\(\s*[\'"](\w+)[\'"]\s*\)->/', $line, $match) === 1) {
            return "rules() reads `\$this->route('{$match[1]}')` as a model: Kite calls it with the text `{{$match[1]}}` in its place; "
                ."check it first (`\$this->route('{$match[1]}') instanceof Model`).";
        }

        return self::RULES_THREW;
    }

    public static function forMissingClass(string $class): string
    {
        return "Import the class (`use {$class};`) or correct its name; after adding the file, run `composer dump-autoload`.";
    }

    public static function forMissingMethod(string $class, string $method): string
    {
        return "Add {$method}() to {$class}, or point the route at a method it has.";
    }

    /** `id` of 'Attempt to read property "id" on null', `save()` of 'Call to a member function save() on null'. */
    private static function memberReadOn(string $message, string $type): ?string
    {
        if (preg_match('/^Attempt to read property "(\w+)" on '.$type.'$/', $message, $match) === 1) {
            return $match[1];
        }
        if (preg_match('/^Call to a member function (\w+)\(\) on '.$type.'$/', $message, $match) === 1) {
            return $match[1].'()';
        }

        return null;
    }

    private static function sourceLine(string $file, int $line): string
    {
        $lines = is_file($file) ? @file($file) : false;

        return is_array($lines) ? (string) ($lines[$line - 1] ?? '') : '';
    }
}
