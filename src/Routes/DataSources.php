<?php

namespace Kite\Routes;

use Illuminate\Database\Eloquent\Model;
use Illuminate\Routing\Router;
use Kite\Trace\Secrets;
use Throwable;

/**
 * The tables and columns the data pickers may read: exactly those the app's own `exists:`/`unique:`
 * rules and route-model bindings name, and of those never a column the table's model hides
 * (`$hidden`, or left out of `$visible`) nor one whose name looks secret (Secrets), whatever a rule
 * says. The models of a table are those its bindings, its rules (`exists:App\Models\User,email`) and
 * the auth providers name.
 */
final class DataSources
{
    /** @var array<string, array<string, true>>|null table => columns named */
    private ?array $named = null;

    /** @var array<string, list<Model>> table => models */
    private array $models = [];

    public function __construct(private Router $router, private RuleSource $rules, private ModelBindings $bindings)
    {
    }

    public function readable(string $table, string $column): bool
    {
        $named = $this->named();

        return isset($named[$table][$column]) && ! $this->hidden($table, $column);
    }

    /** Whether a bound model's key may be searched and shown: not hidden by the model, not secret-looking. */
    public function readableKey(string $class, string $key): bool
    {
        try {
            $model = new $class;
        } catch (Throwable) {
            return false;
        }

        return ! Secrets::isSecretName($key) && ! self::hides($model, $key);
    }

    private function hidden(string $table, string $column): bool
    {
        if (Secrets::isSecretName($column)) {
            return true;
        }
        foreach ($this->models[$table] ?? [] as $model) {
            if (self::hides($model, $column)) {
                return true;
            }
        }

        return false;
    }

    private static function hides(Model $model, string $column): bool
    {
        $visible = $model->getVisible();

        return in_array($column, $model->getHidden(), true) || ($visible !== [] && ! in_array($column, $visible, true));
    }

    /** @return array<string, array<string, true>> */
    private function named(): array
    {
        if ($this->named !== null) {
            return $this->named;
        }
        $this->named = [];
        foreach ($this->authModels() as $class) {
            $this->model($class);
        }
        foreach ($this->router->getRoutes()->getRoutes() as $route) {
            if (str_starts_with((string) $route->getName(), 'kite.')) {
                continue;
            }
            foreach ($this->bindings->forRoute($route) as $binding) {
                $model = $this->model($binding['model']);
                if ($model !== null) {
                    $this->named[$binding['table']][$binding['key']] = true;
                }
            }
            $methods = $route->methods();
            foreach ($this->rules->rulesFor($route, $methods[0] ?? 'GET')['rules'] as $field => $fieldRules) {
                foreach (RulesToSchema::parseRules($fieldRules) as [, , $text]) {
                    $this->name((string) $field, (string) $text);
                }
            }
        }

        return $this->named;
    }

    /** Records the table and column an `exists:`/`unique:` rule names (the column defaults to the field's name, as Laravel's). */
    private function name(string $field, string $rule): void
    {
        if (preg_match('/^(?:exists|unique):([^,]+)(?:,([^,]*))?/i', trim($rule), $match) !== 1) {
            return;
        }
        $table = trim($match[1]);
        if (str_contains($table, '\\')) {
            $model = class_exists($table) && is_subclass_of($table, Model::class) ? $this->model($table) : null;
            if ($model === null) {
                return;
            }
            $table = $model->getTable();
        }
        $column = isset($match[2]) && trim($match[2]) !== '' && strtoupper(trim($match[2])) !== 'NULL' ? trim($match[2]) : self::fieldName($field);
        $this->named[$table][$column] = true;
    }

    /** `owner.email` → email, `tags.*` → tags: the property the app's auto-fill asks about. */
    private static function fieldName(string $field): string
    {
        $segments = array_values(array_filter(explode('.', $field), static fn ($segment) => $segment !== '*' && $segment !== ''));

        return $segments === [] ? $field : end($segments);
    }

    private function model(string $class): ?Model
    {
        try {
            $model = new $class;
            if (! $model instanceof Model) {
                return null;
            }
            $this->models[$model->getTable()][] = $model;

            return $model;
        } catch (Throwable) {
            return null;
        }
    }

    /** @return list<string> the Eloquent models of the app's auth providers */
    private function authModels(): array
    {
        $classes = [];
        foreach ((array) config('auth.providers', []) as $provider) {
            $class = is_array($provider) ? ($provider['model'] ?? null) : null;
            if (is_string($class) && class_exists($class)) {
                $classes[] = $class;
            }
        }

        return $classes;
    }
}
