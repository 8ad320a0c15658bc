<?php

namespace Kite\Routes;

use Closure;
use Illuminate\Contracts\Container\Container;
use Illuminate\Foundation\Http\FormRequest;
use Illuminate\Http\Request;
use Illuminate\Routing\Redirector;
use Illuminate\Routing\Route;
use ReflectionFunction;
use ReflectionFunctionAbstract;
use ReflectionMethod;
use ReflectionNamedType;
use Throwable;

/**
 * Finds a route's validation rules: those of a FormRequest or a laravel-data object type-hinted on
 * its controller method or closure, and those of inline validation calls in its body. Problems become extraction errors
 * (message and file:line); they never escape.
 */
final class RuleSource
{
    public function __construct(private Container $container)
    {
    }

    /**
     * @return array{rules: array<string, mixed>, errors: list<array{message: string, location?: string, fix?: string}>}
     */
    public function rulesFor(Route $route, string $method): array
    {
        try {
            $function = $this->actionFunction($route);
        } catch (Throwable $error) {
            return ['rules' => [], 'errors' => [self::error($error->getMessage(), null, $error instanceof MissingAction ? $error->fix : null)]];
        }
        if ($function === null) {
            return ['rules' => [], 'errors' => []];
        }

        $rules = [];
        $errors = [];
        $location = $function->getFileName() ? $function->getFileName().':'.$function->getStartLine() : null;

        foreach ($function->getParameters() as $parameter) {
            $type = $parameter->getType();
            if (! $type instanceof ReflectionNamedType || $type->isBuiltin()) {
                continue;
            }
            $class = $type->getName();
            if (! class_exists($class) && ! interface_exists($class)) {
                $errors[] = self::error("Class {$class} (the type of \${$parameter->getName()}) does not exist.", $location, ExtractionFix::forMissingClass($class));
                continue;
            }
            if (is_subclass_of($class, FormRequest::class)) {
                try {
                    $rules = array_merge($rules, $this->formRequestRules($class, $route, $method));
                } catch (Throwable $error) {
                    $errors[] = self::error(
                        "{$class}::rules() failed: ".$error->getMessage(),
                        $error->getFile().':'.$error->getLine(),
                        ExtractionFix::forRulesFailure($error)
                    );
                }
            } elseif (DataObjectRules::isDataObject($class)) {
                try {
                    $rules = array_merge($rules, DataObjectRules::rulesFor($class));
                } catch (Throwable $error) {
                    $errors[] = self::error(
                        "The rules of {$class} (a laravel-data object) could not be read: ".$error->getMessage(),
                        $error->getFile().':'.$error->getLine(),
                        ExtractionFix::DATA_RULES
                    );
                }
            }
        }

        try {
            $inline = InlineRulesReader::read($function);
            $rules = array_merge($rules, $inline['rules']);
            array_push($errors, ...$inline['errors']);
        } catch (Throwable $error) {
            $errors[] = self::error('The inline validation rules could not be read: '.$error->getMessage(), $location);
        }

        return ['rules' => $rules, 'errors' => $errors];
    }

    /** The controller method or closure a route runs; null for a route with no PHP action (a redirect, a view). */
    public function actionFunction(Route $route): ?ReflectionFunctionAbstract
    {
        $uses = $route->getAction('uses');
        if ($uses instanceof Closure) {
            return new ReflectionFunction($uses);
        }
        if (! is_string($uses) || $uses === '') {
            return null;
        }
        if (is_string($route->getAction('controller')) && str_contains($uses, '@')) {
            [$class, $method] = explode('@', $uses, 2);
        } else {
            [$class, $method] = [$uses, '__invoke'];
        }
        if (! class_exists($class)) {
            throw new MissingAction("Controller class {$class} does not exist.", ExtractionFix::MISSING_CONTROLLER);
        }
        if (! method_exists($class, $method)) {
            throw new MissingAction("Controller method {$class}::{$method}() does not exist.", ExtractionFix::forMissingMethod($class, $method));
        }

        return new ReflectionMethod($class, $method);
    }

    /** Builds the FormRequest without validating anything and asks it for its rules. */
    private function formRequestRules(string $class, Route $route, string $method): array
    {
        /** @var FormRequest $request */
        $request = $class::create('/'.ltrim($route->uri(), '/'), $method);
        $request->setContainer($this->container);
        $request->setRedirector($this->container->make(Redirector::class));
        $request->setUserResolver(static fn () => null);

        // Bound to a copy of the route, `$this->route('user')` gives the placeholder `{user}`.
        $bound = clone $route;
        try {
            $bound->bind(Request::create('/'.ltrim($route->uri(), '/'), $method));
        } catch (Throwable) {
            // Unbound parameters only matter to rules() that read them.
        }
        $request->setRouteResolver(static fn () => $bound);

        if (! method_exists($request, 'rules')) {
            return [];
        }

        $rules = $this->container->call([$request, 'rules']);

        return is_array($rules) ? $rules : [];
    }

    private static function error(string $message, ?string $location, ?string $fix = null): array
    {
        return array_filter(['message' => $message, 'location' => $location, 'fix' => $fix], static fn ($value) => $value !== null);
    }
}
