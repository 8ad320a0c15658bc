<?php

namespace Kite\Routes;

use ReflectionNamedType;
use ReflectionProperty;
use Spatie\LaravelData\Data;
use Spatie\LaravelData\Support\DataConfig;

/**
 * The validation rules of a spatie/laravel-data object taken as a route's payload, as the package
 * itself infers them from the properties' types and validation attributes. laravel-data writes
 * rules for what the payload holds (a property with a default, or a collection's items, only when
 * present), so it is asked with a payload of the object's whole shape: every property present,
 * nested Data objects as arrays, a collection as one item under `*`. The answer is then made to
 * say what a client may send: a property with a default is not required, and an `int` is an integer.
 */
final class DataObjectRules
{
    /** Nesting followed at most (a Data object that contains itself stops here). */
    private const MAX_DEPTH = 8;

    public static function isDataObject(string $class): bool
    {
        return class_exists(Data::class) && is_subclass_of($class, Data::class);
    }

    /** @return array<string, mixed> Laravel rules by field, `address.street` and `lines.*.sku` style */
    public static function rulesFor(string $class): array
    {
        $optional = [];
        $integers = [];
        $payload = self::shape(app(DataConfig::class), $class, '', 0, $optional, $integers);

        $rules = $class::getValidationRules($payload);
        foreach ($rules as $field => $fieldRules) {
            $list = is_string($fieldRules) ? explode('|', $fieldRules) : (array) $fieldRules;
            if (isset($optional[$field])) {
                $list = array_values(array_filter($list, static fn ($rule) => $rule !== 'required'));
            }
            if (isset($integers[$field])) {
                $list = array_map(static fn ($rule) => $rule === 'numeric' ? 'integer' : $rule, $list);
            }
            $rules[$field] = $list;
        }

        return $rules;
    }

    /**
     * A payload with every property of $class present; notes the fields that have a default and
     * those typed `int`.
     *
     * @param  array<string, true>  $optional
     * @param  array<string, true>  $integers
     */
    private static function shape(DataConfig $config, string $class, string $prefix, int $depth, array &$optional, array &$integers): array
    {
        $payload = [];
        foreach ($config->getDataClass($class)->properties as $property) {
            if ($property->validate === false) {
                continue;
            }
            $name = $property->inputMappedName ?? $property->name;
            $field = $prefix.$name;
            if ($property->hasDefaultValue) {
                $optional[$field] = true;
            }
            $kind = $property->type->kind;
            if ($depth < self::MAX_DEPTH && $kind->isDataObject()) {
                $payload[$name] = self::shape($config, $property->type->dataClass, $field.'.', $depth + 1, $optional, $integers);
            } elseif ($depth < self::MAX_DEPTH && $kind->isDataCollectable() && $property->type->dataClass !== null) {
                $payload[$name] = ['*' => self::shape($config, $property->type->dataClass, $field.'.*.', $depth + 1, $optional, $integers)];
            } else {
                if (self::isIntProperty($class, $property->name)) {
                    $integers[$field] = true;
                }
                $payload[$name] = true;
            }
        }

        return $payload;
    }

    private static function isIntProperty(string $class, string $name): bool
    {
        $type = property_exists($class, $name) ? (new ReflectionProperty($class, $name))->getType() : null;

        return $type instanceof ReflectionNamedType && $type->getName() === 'int';
    }
}
