<?php

namespace Kite\Routes;

use Closure;
use Illuminate\Contracts\Container\Container;
use Illuminate\Database\Eloquent\Model;
use Illuminate\Routing\Route;
use Illuminate\Routing\Router;
use Illuminate\Support\Reflector;
use Illuminate\Support\Str;
use ReflectionFunction;
use Throwable;

/**
 * The path parameters a route binds to an Eloquent model (the RouteBinding of protocol/types.ts):
 * explicit bindings made with `Route::model()` (the class is read from the binder closure), then
 * implicit ones, as Laravel resolves them: an action argument typed with a Model class whose name is
 * the parameter's (or its camelCase form). The key is `{user:slug}`'s field, else the model's
 * `getRouteKeyName()`. A `Route::bind()` with a closure of the app's own is not knowable: no
 * binding. Nothing here ever throws: an unreadable route simply has no bindings.
 */
final class ModelBindings
{
    public const SOURCE_PREFIX = 'model:';

    public function __construct(private Router $router, private RuleSource $rules, private Container $container)
    {
    }

    /** @return array<string, array{model: string, table: string, key: string, source: string}> by parameter name */
    public function forRoute(Route $route): array
    {
        $names = array_map(static fn (string $name) => rtrim($name, '?'), $route->parameterNames());
        if ($names === []) {
            return [];
        }
        $classes = [];
        foreach ($names as $name) {
            $explicit = $this->explicitClass($name);
            if ($explicit !== null) {
                $classes[$name] = $explicit;
            }
        }
        try {
            $function = $this->rules->actionFunction($route);
            foreach ($function?->getParameters() ?? [] as $parameter) {
                $class = Reflector::getParameterClassName($parameter);
                $name = in_array($parameter->getName(), $names, true) ? $parameter->getName() : Str::snake($parameter->getName());
                if ($class !== null && in_array($name, $names, true) && ! isset($classes[$name]) && is_subclass_of($class, Model::class)) {
                    $classes[$name] = $class;
                }
            }
        } catch (Throwable) {
            // An action that cannot be read binds nothing Kite can tell.
        }

        $bindings = [];
        foreach ($classes as $name => $class) {
            $binding = $this->describe($class, $route->bindingFieldFor($name));
            if ($binding !== null) {
                $bindings[$name] = $binding;
            }
        }

        return $bindings;
    }

    /**
     * The binding a data source names, if a route of the app binds it that way; null otherwise, so a
     * request can only search the models the app's own routes bind, by their own keys.
     *
     * @return array{model: string, table: string, key: string, source: string}|null
     */
    public function forSource(string $source): ?array
    {
        if (! str_starts_with($source, self::SOURCE_PREFIX)) {
            return null;
        }
        foreach ($this->router->getRoutes()->getRoutes() as $route) {
            if (str_starts_with((string) $route->getName(), 'kite.')) {
                continue;
            }
            foreach ($this->forRoute($route) as $binding) {
                if ($binding['source'] === $source) {
                    return $binding;
                }
            }
        }

        return null;
    }

    /** The class `Route::model($name, Class)` binds, read from its binder; null for other binders. */
    private function explicitClass(string $name): ?string
    {
        $binder = $this->router->getBindingCallback($name);
        if (! $binder instanceof Closure) {
            return null;
        }
        try {
            $class = (new ReflectionFunction($binder))->getStaticVariables()['class'] ?? null;
        } catch (Throwable) {
            return null;
        }

        return is_string($class) && is_subclass_of($class, Model::class) ? $class : null;
    }

    private function describe(string $class, ?string $field): ?array
    {
        try {
            /** @var Model $model */
            $model = $this->container->make($class);
            $key = $field ?? $model->getRouteKeyName();
            $table = $model->getTable();
        } catch (Throwable) {
            return null;
        }

        return ['model' => $class, 'table' => $table, 'key' => $key, 'source' => self::SOURCE_PREFIX.$class.','.$key];
    }
}
