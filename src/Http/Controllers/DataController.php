<?php

namespace Kite\Http\Controllers;

use Illuminate\Database\Eloquent\Model;
use Illuminate\Http\JsonResponse;
use Illuminate\Http\Request;
use Illuminate\Support\Facades\Auth;
use Illuminate\Support\Facades\DB;
use Illuminate\Support\Facades\Schema;
use Kite\Http\ErrorResponse;

/**
 * GET {path}/api/data?source=…&q=…: a few rows of the app's own data for the pickers (the
 * DataResponse of protocol/types.ts). Read-only, at most MAX_ROWS rows, behind the same gate as every
 * endpoint, and off unless `kite.data_pickers` is on (by default: in the `local` environment only);
 * while off it answers 404 DATA_UNAVAILABLE and the app hides the pickers.
 *
 * Sources: `users` (the impersonation guard's users, searched by name or email) and
 * `table:TABLE,COLUMN` (values of a column an `exists:` rule names).
 */
class DataController
{
    public const MAX_ROWS = 20;

    /** Columns never read, whatever a rule names. */
    private const SECRET_COLUMN = '/pass|token|secret|remember|key|hash/i';

    public function __invoke(Request $request): JsonResponse
    {
        if (! self::enabled()) {
            return ErrorResponse::make(404, 'DATA_UNAVAILABLE', 'Data pickers are off on this host (kite.data_pickers).');
        }
        $source = (string) $request->query('source', '');
        $search = trim((string) $request->query('q', ''));

        if ($source === 'users') {
            return self::answer($source, self::users($search));
        }
        if (preg_match('/^table:([A-Za-z0-9_]+),([A-Za-z0-9_]+)$/', $source, $match) === 1) {
            [, $table, $column] = $match;
            if (preg_match(self::SECRET_COLUMN, $column) === 1 || ! Schema::hasTable($table) || ! Schema::hasColumn($table, $column)) {
                return ErrorResponse::make(422, 'INVALID_DATA_SOURCE', "No readable column {$table}.{$column}.", 'source');
            }
            $values = DB::table($table)->select($column)->distinct()
                ->when($search !== '', fn ($query) => $query->where($column, 'like', '%'.self::escapeLike($search).'%'))
                ->orderBy($column)->limit(self::MAX_ROWS)->pluck($column);

            return self::answer($source, $values->map(static fn ($value) => ['value' => $value, 'label' => (string) $value])->all());
        }

        return ErrorResponse::make(422, 'INVALID_DATA_SOURCE', 'source must be "users" or "table:TABLE,COLUMN".', 'source');
    }

    public static function enabled(): bool
    {
        $setting = config('kite.data_pickers');

        return $setting === null ? app()->environment('local') : (bool) $setting;
    }

    /** @return list<array{value: mixed, label: string}> */
    private static function users(string $search): array
    {
        $guard = config('kite.impersonation.guard');
        $provider = Auth::guard($guard)->getProvider();
        if ($provider === null || ! method_exists($provider, 'createModel')) {
            return [];
        }
        /** @var Model $model */
        $model = $provider->createModel();
        $table = $model->getTable();
        $columns = array_values(array_filter(['name', 'email'], static fn ($column) => Schema::hasColumn($table, $column)));
        $query = $model->newQuery()->limit(self::MAX_ROWS)->orderBy($model->getKeyName());
        if ($search !== '' && $columns !== []) {
            $query->where(static function ($where) use ($columns, $search, $model) {
                foreach ($columns as $column) {
                    $where->orWhere($column, 'like', '%'.self::escapeLike($search).'%');
                }
                if (ctype_digit($search)) {
                    $where->orWhere($model->getKeyName(), (int) $search);
                }
            });
        }

        return $query->get()->map(static function (Model $user) use ($columns) {
            $parts = array_filter(array_map(static fn ($column) => $user->getAttribute($column), $columns), static fn ($part) => $part !== null && $part !== '');

            return ['value' => $user->getKey(), 'label' => $parts === [] ? (string) $user->getKey() : implode(' · ', $parts)];
        })->values()->all();
    }

    private static function escapeLike(string $text): string
    {
        return str_replace(['\\', '%', '_'], ['\\\\', '\\%', '\\_'], $text);
    }

    private static function answer(string $source, array $rows): JsonResponse
    {
        return new JsonResponse(['source' => $source, 'rows' => array_slice($rows, 0, self::MAX_ROWS)], 200, ['Cache-Control' => 'no-store'], JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);
    }
}
