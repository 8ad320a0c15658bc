<?php

namespace Kite\Routes;

use Closure;
use Illuminate\Database\Eloquent\Model;
use Illuminate\Http\Resources\Json\JsonResource;
use Illuminate\Http\Resources\Json\ResourceCollection;
use Illuminate\Routing\Route;
use Illuminate\Support\Facades\Schema;
use ReflectionFunction;
use ReflectionFunctionAbstract;
use ReflectionMethod;
use ReflectionNamedType;
use Throwable;

/**
 * The documented success response of a route (RouteResponseDoc of protocol/types.ts), inferred from
 * the code as Nimbus does, without running the route. What is returned is found by
 *  - the action's declared return type (reflection), else
 *  - a static read of its `return` (tokens, no parser): `new X(...)`, `X::collection(...)`,
 *    `X::make|from|create|find|findOrFail|firstOrFail(...)`, a parameter typed with a class
 *    (`fn (Booking $booking) => $booking`), each of these inside `response()->json(..., 201)`.
 * Anything else (a query builder chain, a variable assigned in the body, an array literal) is not
 * read, and the route documents no response.
 *
 * The shapes: an Eloquent model from its table's columns (Schema::getColumns: type, nullable) minus
 * `$hidden`, only `$visible` when set, casts applied, `$appends` untyped; a JsonResource from the
 * keys of the array literal its `toArray()` returns (ResponseShapesReader), `$this->column` typed
 * from the resource's model (its `@mixin`, else `App\Models\<Name without Resource>`), other values
 * untyped, `when*()` values optional; without its own `toArray()` the model's shape; wrapped in
 * `JsonResource::$wrap` as Laravel does. A spatie Data object from its constructor's typed properties.
 */
final class ResponseShapes
{
    private const MAX_DEPTH = 6;

    /** Static calls that answer one instance of the class they are called on. */
    private const SINGLE_FACTORIES = ['make', 'from', 'create', 'find', 'findOrFail', 'firstOrFail', 'firstOrCreate', 'updateOrCreate', 'forceCreate'];

    /** @var array<string, array|null> model shapes by class, for one routes answer */
    private array $models = [];

    /** @var array<string, array|null> response schemas by returned class (and whether a collection), for one routes answer */
    private array $schemas = [];

    /** @return list<array<string, mixed>> the route's documented responses (none when its return cannot be read) */
    public function responsesFor(Route $route, string $primaryMethod): array
    {
        try {
            $function = self::actionFunction($route);
            if ($function === null) {
                return [];
            }
            $returned = self::declaredReturn($function) ?? ResponseShapesReader::returnOf($function);
            if ($returned === null) {
                return [];
            }
            $key = $returned['class'].($returned['collection'] ? '[]' : '');
            $schema = array_key_exists($key, $this->schemas) ? $this->schemas[$key] : ($this->schemas[$key] = $this->schemaOf($returned['class'], $returned['collection'], 0));
        } catch (Throwable) {
            return [];
        }
        if ($schema === null) {
            return [];
        }
        $store = $function->getName() === 'store' || str_ends_with((string) $route->getName(), '.store');
        $status = $returned['status'] ?? ($store && $primaryMethod === 'POST' ? 201 : 200);

        return [[
            'status' => (string) $status,
            'description' => 'Inferred from '.class_basename($returned['class']).($returned['collection'] ? ' (a collection)' : ''),
            'contentTypes' => ['application/json'],
            'schema' => $schema,
        ]];
    }

    private static function actionFunction(Route $route): ?ReflectionFunctionAbstract
    {
        $uses = $route->getAction('uses');
        if ($uses instanceof Closure) {
            return new ReflectionFunction($uses);
        }
        if (! is_string($uses)) {
            return null;
        }
        [$controller, $method] = str_contains($uses, '@') ? explode('@', $uses, 2) : [$uses, '__invoke'];

        return class_exists($controller) && method_exists($controller, $method) ? new ReflectionMethod($controller, $method) : null;
    }

    /** @return array{class: class-string, collection: bool, status: ?int}|null */
    private static function declaredReturn(ReflectionFunctionAbstract $function): ?array
    {
        $type = $function->getReturnType();
        if (! $type instanceof ReflectionNamedType || $type->isBuiltin() || ! self::isShaped($type->getName())) {
            return null;
        }

        return ['class' => $type->getName(), 'collection' => false, 'status' => null];
    }

    /** Whether $class is one this reads a shape from. */
    public static function isShaped(string $class): bool
    {
        return class_exists($class) && (is_subclass_of($class, Model::class) || is_subclass_of($class, JsonResource::class) || DataObjectRules::isDataObject($class));
    }

    private function schemaOf(string $class, bool $collection, int $depth): ?array
    {
        if (is_subclass_of($class, ResourceCollection::class)) {
            $item = $this->resourceItem((string) ((new \ReflectionClass($class))->newInstanceWithoutConstructor()->collects ?? ''), $depth);

            return self::wrapped($class, $item === null ? ['type' => 'array'] : ['type' => 'array', 'items' => $item], true);
        }
        if (is_subclass_of($class, JsonResource::class)) {
            $item = $this->resourceItem($class, $depth);
            if ($item === null) {
                return null;
            }

            return self::wrapped($class, $collection ? ['type' => 'array', 'items' => $item] : $item, $collection);
        }
        $item = is_subclass_of($class, Model::class) ? $this->modelShape($class) : (DataObjectRules::isDataObject($class) ? $this->dataShape($class, $depth) : null);
        if ($item === null) {
            return null;
        }

        return $collection ? ['type' => 'array', 'items' => $item] : $item;
    }

    /** The body Laravel writes for a resource: its array under `$wrap` (`data`), unless it has that key already. */
    private static function wrapped(string $class, array $inner, bool $collection): array
    {
        $wrap = $class::$wrap;
        if ($wrap === null || $wrap === '' || (! $collection && isset($inner['properties'][$wrap]))) {
            return $inner;
        }

        return ['type' => 'object', 'properties' => [$wrap => $inner], 'required' => [$wrap]];
    }

    private function resourceItem(string $class, int $depth): ?array
    {
        if (! is_subclass_of($class, JsonResource::class)) {
            return null;
        }
        $model = self::modelOfResource($class);
        $own = new ReflectionMethod($class, 'toArray');
        if ($own->getDeclaringClass()->getName() === JsonResource::class) {
            // JsonResource::toArray() answers the model's own array.
            return $model === null ? ['type' => 'object'] : $this->modelShape($model);
        }
        $keys = ResponseShapesReader::arrayKeysReturnedBy($own);
        if ($keys === null) {
            return ['type' => 'object'];
        }
        $columns = $model === null ? null : $this->modelShape($model);
        $properties = [];
        $required = [];
        foreach ($keys as $key => $value) {
            $property = [];
            if ($value['column'] !== null && isset($columns['properties'][$value['column']])) {
                $property = $columns['properties'][$value['column']];
            } elseif ($value['resource'] !== null && $depth < self::MAX_DEPTH) {
                $property = $this->schemaOf($value['resource'], $value['collection'], $depth + 1) ?? [];
            }
            $properties[$key] = $property === [] ? new \stdClass : $property;
            if (! $value['optional']) {
                $required[] = (string) $key;
            }
        }

        return ['type' => 'object', 'properties' => $properties === [] ? new \stdClass : $properties] + ($required === [] ? [] : ['required' => $required]);
    }

    /** The model a resource wraps: its `@mixin` (as IDE helpers write it), else `App\Models\<Name>` for `<Name>Resource`. */
    private static function modelOfResource(string $class): ?string
    {
        $reflection = new \ReflectionClass($class);
        if (preg_match('/@mixin\s+\\\\?([\w\\\\]+)/', (string) $reflection->getDocComment(), $match)) {
            $named = ResponseShapesReader::resolve($match[1], $reflection->getFileName() ?: null, $reflection->getNamespaceName());
            if (is_subclass_of($named, Model::class)) {
                return $named;
            }
        }
        $guess = 'App\\Models\\'.preg_replace('/(Resource|Collection)$/', '', $reflection->getShortName());

        return class_exists($guess) && is_subclass_of($guess, Model::class) ? $guess : null;
    }

    /** A model's JSON (toArray) shape from its table's columns, `$hidden`/`$visible`, casts and `$appends`. */
    private function modelShape(string $class): ?array
    {
        if (array_key_exists($class, $this->models)) {
            return $this->models[$class];
        }
        /** @var Model $model */
        $model = new $class;
        $builder = Schema::connection($model->getConnectionName());
        if (! method_exists($builder, 'getColumns')) {
            // Laravel before 10.x has no Schema::getColumns.
            return $this->models[$class] = null;
        }
        $columns = $builder->getColumns($model->getTable());
        if ($columns === []) {
            return $this->models[$class] = null;
        }
        $casts = $model->getCasts();
        $hidden = $model->getHidden();
        $visible = $model->getVisible();
        $properties = [];
        $required = [];
        foreach ($columns as $column) {
            $name = $column['name'];
            if (in_array($name, $hidden, true) || ($visible !== [] && ! in_array($name, $visible, true))) {
                continue;
            }
            $type = isset($casts[$name]) ? self::castType((string) $casts[$name]) : self::columnType((string) ($column['type_name'] ?? $column['type'] ?? ''));
            $property = $type === null ? [] : $type;
            if ($column['nullable'] && isset($property['type'])) {
                $property['type'] = [$property['type'], 'null'];
            }
            $properties[$name] = $property === [] ? new \stdClass : $property;
            // A column with a default may be missing from a model just created (`User::create`).
            if (! $column['nullable'] && $column['default'] === null) {
                $required[] = $name;
            }
        }
        foreach ($model->getAppends() as $appended) {
            $properties[$appended] = new \stdClass;
        }

        return $this->models[$class] = ['type' => 'object', 'properties' => $properties] + ($required === [] ? [] : ['required' => $required]);
    }

    /** @return array<string, string>|null a column's JSON type as the database driver names it */
    private static function columnType(string $type): ?array
    {
        $type = strtolower(preg_replace('/\(.*$/', '', $type));

        return match (true) {
            in_array($type, ['integer', 'int', 'bigint', 'smallint', 'mediumint', 'tinyint', 'int2', 'int4', 'int8', 'serial', 'bigserial'], true) => ['type' => 'integer'],
            in_array($type, ['real', 'float', 'double', 'double precision', 'float4', 'float8'], true) => ['type' => 'number'],
            in_array($type, ['bool', 'boolean'], true) => ['type' => 'boolean'],
            // Decimals come back as strings from most drivers; JSON columns hold anything.
            in_array($type, ['json', 'jsonb', 'decimal', 'numeric'], true) => null,
            in_array($type, ['datetime', 'timestamp', 'timestamptz', 'date'], true) => ['type' => 'string'],
            $type === '' => null,
            default => ['type' => 'string'],
        };
    }

    /** @return array<string, string>|null the JSON type a model cast writes */
    private static function castType(string $cast): ?array
    {
        $cast = strtolower(explode(':', $cast)[0]);

        return match ($cast) {
            'int', 'integer', 'timestamp' => ['type' => 'integer'],
            'real', 'float', 'double' => ['type' => 'number'],
            'bool', 'boolean' => ['type' => 'boolean'],
            'string', 'date', 'datetime', 'immutable_date', 'immutable_datetime', 'hashed', 'encrypted' => ['type' => 'string'],
            'array', 'json', 'collection', 'encrypted:array', 'encrypted:collection' => null,
            'object' => ['type' => 'object'],
            default => null,
        };
    }

    /** A spatie Data object's output shape from its constructor's typed properties. */
    private function dataShape(string $class, int $depth): array
    {
        $constructor = (new \ReflectionClass($class))->getConstructor();
        $properties = [];
        $required = [];
        foreach ($constructor?->getParameters() ?? [] as $parameter) {
            if (! $parameter->isPromoted()) {
                continue;
            }
            $name = $parameter->getName();
            $type = $parameter->getType();
            $property = [];
            if ($type instanceof ReflectionNamedType) {
                $typeName = $type->getName();
                $collectionOf = self::dataCollectionOf($parameter);
                $property = match (true) {
                    $collectionOf !== null && $depth < self::MAX_DEPTH => ['type' => 'array', 'items' => $this->dataShape($collectionOf, $depth + 1)],
                    DataObjectRules::isDataObject($typeName) && $depth < self::MAX_DEPTH => $this->dataShape($typeName, $depth + 1),
                    $typeName === 'int' => ['type' => 'integer'],
                    $typeName === 'float' => ['type' => 'number'],
                    $typeName === 'string' => ['type' => 'string'],
                    $typeName === 'bool' => ['type' => 'boolean'],
                    $typeName === 'array' => ['type' => 'array'],
                    default => [],
                };
                if ($type->allowsNull() && isset($property['type']) && is_string($property['type'])) {
                    $property['type'] = [$property['type'], 'null'];
                }
            }
            $properties[$name] = $property === [] ? new \stdClass : $property;
            $required[] = $name;
        }

        return ['type' => 'object', 'properties' => $properties === [] ? new \stdClass : $properties] + ($required === [] ? [] : ['required' => $required]);
    }

    private static function dataCollectionOf(\ReflectionParameter $parameter): ?string
    {
        foreach ($parameter->getAttributes() as $attribute) {
            if (str_ends_with($attribute->getName(), '\\DataCollectionOf')) {
                $of = $attribute->getArguments()[0] ?? null;

                return is_string($of) && DataObjectRules::isDataObject($of) ? $of : null;
            }
        }

        return null;
    }
}
