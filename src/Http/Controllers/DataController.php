<?php

namespace Kite\Http\Controllers;

use Illuminate\Database\Eloquent\Model;
use Illuminate\Database\QueryException;
use Illuminate\Http\JsonResponse;
use Illuminate\Http\Request;
use Illuminate\Support\Facades\Auth;
use Illuminate\Support\Facades\DB;
use Illuminate\Support\Facades\Schema;
use Kite\Http\ErrorResponse;
use Kite\Routes\DataSources;
use Kite\Routes\ModelBindings;

/**
 * GET {path}/api/data?source=…&q=…: a few rows of the app's own data for the pickers (the
 * DataResponse of protocol/types.ts). Read-only, at most MAX_ROWS rows, behind the same gate as every
 * endpoint, and off unless `kite.data_pickers` is on (by default: in the `local` environment only);
 * while off it answers 404 DATA_UNAVAILABLE and the app hides the pickers.
 *
 * Sources: `users` (the impersonation guard's users, searched by name or email),
 * `table:TABLE,COLUMN` (values of a column an `exists:` rule names), `unique:TABLE,COLUMN` with
 * `candidates` (those of the candidates the column does not hold, for a `unique:` rule) and
 * `model:CLASS,KEY` (rows of a model a route of the app binds by that key, see ModelBindings).
 * Only the columns the app's own rules and bindings name, never a hidden or secret-looking one
 * (DataSources).
 */
class DataController
{
    public const MAX_ROWS = 20;

    /** Columns a model's rows are shown and searched by, where the table has them and the model shows them. */
    private const READABLE_COLUMNS = ['name', 'title', 'email', 'username', 'slug', 'label'];

    /** Most candidates one `unique:` question may send (protocol: DATA_MAX_CANDIDATES). */
    public const MAX_CANDIDATES = 10;

    /** Longest candidate value a `unique:` question may send. */
    private const MAX_CANDIDATE_LENGTH = 255;

    public function __invoke(Request $request, ModelBindings $bindings, DataSources $sources): JsonResponse
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
            if (! self::readable($sources, $table, $column)) {
                return self::unreadable($table, $column);
            }
            $values = DB::table($table)->select($column)->distinct()
                ->when($search !== '', fn ($query) => self::whereLike($query, $column, $search))
                ->orderBy($column)->limit(self::MAX_ROWS)->pluck($column);

            return self::answer($source, $values->map(static fn ($value) => ['value' => $value, 'label' => (string) $value])->all());
        }
        if (preg_match('/^unique:([A-Za-z0-9_]+),([A-Za-z0-9_]+)$/', $source, $match) === 1) {
            [, $table, $column] = $match;
            if (! self::readable($sources, $table, $column)) {
                return self::unreadable($table, $column);
            }
            $candidates = self::candidates($request->query('candidates'));
            if ($candidates === null) {
                return ErrorResponse::make(422, 'INVALID_DATA_SOURCE', 'candidates must be a JSON array of 1 to '.self::MAX_CANDIDATES.' strings or numbers of at most '.self::MAX_CANDIDATE_LENGTH.' characters.', 'candidates');
            }

            try {
                return self::answer($source, self::absent($table, $column, $candidates));
            } catch (QueryException) {
                // A candidate the column's type cannot hold (text for an integer column on PostgreSQL).
                return ErrorResponse::make(422, 'INVALID_DATA_SOURCE', "The candidates do not fit the column {$table}.{$column}.", 'candidates');
            }
        }
        if (str_starts_with($source, ModelBindings::SOURCE_PREFIX)) {
            $binding = $bindings->forSource($source);
            if ($binding === null) {
                return ErrorResponse::make(422, 'INVALID_DATA_SOURCE', 'No route of this app binds '.substr($source, strlen(ModelBindings::SOURCE_PREFIX)).' (model:CLASS,KEY).', 'source');
            }
            if (! $sources->readableKey($binding['model'], $binding['key'])) {
                return ErrorResponse::make(422, 'INVALID_DATA_SOURCE', "Kite does not read {$binding['model']}'s {$binding['key']}: the model hides it or its name looks secret.", 'source');
            }

            return self::answer($source, self::modelRows($binding['model'], $binding['key'], $search));
        }

        return ErrorResponse::make(422, 'INVALID_DATA_SOURCE', 'source must be "users", "table:TABLE,COLUMN", "unique:TABLE,COLUMN" or a route binding\'s "model:CLASS,KEY".', 'source');
    }

    /** @return list<string|int|float>|null the candidates of a `unique:` question, null when they do not read */
    private static function candidates(mixed $text): ?array
    {
        if (! is_string($text)) {
            return null;
        }
        $candidates = json_decode($text, true);
        if (! is_array($candidates) || array_values($candidates) !== $candidates || $candidates === [] || count($candidates) > self::MAX_CANDIDATES) {
            return null;
        }
        foreach ($candidates as $candidate) {
            if (! (is_string($candidate) || is_int($candidate) || is_float($candidate)) || mb_strlen((string) $candidate) > self::MAX_CANDIDATE_LENGTH) {
                return null;
            }
        }

        return $candidates;
    }

    /**
     * The candidates the column does not hold, in the order sent. Compared without case, as a
     * case-insensitive collation would match them, so a value said to be free really is.
     *
     * @param  list<string|int|float>  $candidates
     * @return list<array{value: mixed, label: string}>
     */
    public static function absent(string $table, string $column, array $candidates): array
    {
        // Each candidate is also asked for in lower case (which is how most stored emails and names
        // read), so no more than MAX_ROWS values are looked up for MAX_CANDIDATES candidates.
        $lookedUp = array_values(array_unique(array_merge($candidates, array_map(static fn ($candidate) => is_string($candidate) ? mb_strtolower($candidate) : $candidate, $candidates)), SORT_REGULAR));
        $taken = DB::table($table)->whereIn($column, $lookedUp)->distinct()->limit(self::MAX_ROWS)->pluck($column)
            ->map(static fn ($value) => mb_strtolower((string) $value))->all();
        $rows = [];
        foreach ($candidates as $candidate) {
            $text = (string) $candidate;
            if (! in_array(mb_strtolower($text), $taken, true)) {
                $taken[] = mb_strtolower($text); // each free value once
                $rows[] = ['value' => $candidate, 'label' => $text];
            }
        }

        return $rows;
    }

    /**
     * Rows of a bound model, searched by its readable columns (or the key itself): the value is the
     * route key, the label the readable columns the model does not hide.
     *
     * @return list<array{value: mixed, label: string}>
     */
    private static function modelRows(string $class, string $key, string $search): array
    {
        /** @var Model $model */
        $model = new $class;
        $table = $model->getTable();
        $present = $model->getConnection()->getSchemaBuilder()->getColumnListing($table);
        $hidden = $model->getHidden();
        $columns = array_values(array_filter(self::READABLE_COLUMNS, static fn ($column) => $column !== $key && in_array($column, $present, true) && ! in_array($column, $hidden, true)));
        $query = $model->newQuery()->limit(self::MAX_ROWS)->orderBy($model->getKeyName());
        if ($search !== '') {
            // An integer key is matched whole (LIKE on an integer column fails on PostgreSQL), a text key like the columns.
            $numericKey = $key === $model->getKeyName() && in_array($model->getKeyType(), ['int', 'integer'], true);
            $likeColumns = $numericKey ? $columns : [$key, ...$columns];
            if ($likeColumns === [] && ! ctype_digit($search)) {
                return [];
            }
            $query->where(static function ($where) use ($likeColumns, $search, $key, $numericKey) {
                foreach ($likeColumns as $column) {
                    self::whereLike($where, $column, $search, 'or');
                }
                if ($numericKey && ctype_digit($search)) {
                    $where->orWhere($key, (int) $search);
                }
            });
        }

        return $query->get()->map(static function (Model $row) use ($columns, $key) {
            $parts = array_filter(array_map(static fn ($column) => $row->getAttribute($column), $columns), static fn ($part) => $part !== null && $part !== '');
            $value = $row->getAttribute($key);

            return ['value' => is_int($value) || is_float($value) ? $value : (string) $value, 'label' => $parts === [] ? (string) $value : implode(' · ', array_map('strval', $parts))];
        })->values()->all();
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
                    self::whereLike($where, $column, $search, 'or');
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

    /**
     * `column LIKE %search%` with the search's `%` and `_` taken literally. The escape character is
     * named (SQLite and PostgreSQL's standard strings have none by default); `!` rather than a
     * backslash, which MySQL would read as an escape inside the SQL literal itself.
     */
    private static function whereLike($query, string $column, string $search, string $boolean = 'and')
    {
        $escaped = str_replace(['!', '%', '_'], ['!!', '!%', '!_'], $search);

        return $query->whereRaw($query->getGrammar()->wrap($column)." like ? escape '!'", ['%'.$escaped.'%'], $boolean);
    }

    /** A table and column the app names (DataSources) and the database has. */
    private static function readable(DataSources $sources, string $table, string $column): bool
    {
        return $sources->readable($table, $column) && Schema::hasTable($table) && Schema::hasColumn($table, $column);
    }

    private static function unreadable(string $table, string $column): JsonResponse
    {
        return ErrorResponse::make(422, 'INVALID_DATA_SOURCE', "No readable column {$table}.{$column}: Kite reads only the columns the app's exists:/unique: rules and model bindings name, never a hidden or secret-looking one.", 'source');
    }

    private static function answer(string $source, array $rows): JsonResponse
    {
        return new JsonResponse(['source' => $source, 'rows' => array_slice($rows, 0, self::MAX_ROWS)], 200, ['Cache-Control' => 'no-store'], JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);
    }
}
