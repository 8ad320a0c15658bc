<?php

namespace Kite\Routes;

use Illuminate\Http\Request;
use Illuminate\Routing\Route;
use Illuminate\Routing\Router;
use Kite\Kite;

/** The RoutesResponse of protocol/types.ts, built from the router and validation rules. */
final class RouteCatalog
{
    private const BODYLESS = ['GET', 'HEAD'];

    public function __construct(private Router $router, private RuleSource $rules, private ModelBindings $bindings, private ResponseShapes $shapes)
    {
    }

    public function response(Request $request): array
    {
        $applications = $this->applications($request);

        return [
            'application' => $applications[0]['id'] ?? '',
            'applications' => $applications,
            'revision' => self::revisionOf($applications),
        ];
    }

    /**
     * The route index of a routes response (protocol/schemas/route-index.schema.json): per route
     * only what the route list shows and searches, as protocol/route-refs.js `routeIndexAsSent`.
     * GET routes/index answers it; the page carries it when the whole response is too large.
     */
    public static function indexOf(array $routes): array
    {
        $listed = ['id', 'methods', 'uri', 'name', 'summary', 'tags', 'group', 'extractionErrors'];

        return [
            'index' => true,
            'application' => $routes['application'],
            'applications' => array_map(static fn (array $application) => array_filter([
                'id' => $application['id'],
                'name' => $application['name'] ?? null,
                'routes' => array_map(static fn (array $route) => array_intersect_key($route, array_flip($listed)), $application['routes']),
            ], static fn ($value) => $value !== null), $routes['applications']),
            'revision' => $routes['revision'],
        ];
    }

    /**
     * The revision the routes endpoint answers right now; the relay sends it with every frame so
     * the app notices new or changed routes without polling.
     */
    public function revision(Request $request): string
    {
        return self::revisionOf($this->applications($request));
    }

    private static function revisionOf(array $applications): string
    {
        return substr(sha1(json_encode($applications)), 0, 16);
    }

    /** @return list<array<string, mixed>> */
    private function applications(Request $request): array
    {
        $applications = [];
        foreach (Kite::applications() as $application) {
            $applications[] = [
                'id' => $application['id'],
                'name' => $application['name'],
                'baseUrl' => Kite::displayBaseUrl($application, $request),
                // Routes of an application outside this one cannot be read from this router.
                'routes' => $application['baseUrl'] === null ? $this->routesUnder($application['prefixes']) : [],
            ];
        }

        return $applications;
    }

    /** Whether any of the app's own routes (not Kite's) is under one of $prefixes. */
    public function hasRoutesUnder(array $prefixes): bool
    {
        foreach ($this->appRoutesUnder($prefixes) as $route) {
            return true;
        }

        return false;
    }

    /** @return list<array<string, mixed>> */
    public function routesUnder(array $prefixes): array
    {
        $routes = [];
        foreach ($this->appRoutesUnder($prefixes) as $uri => $route) {
            $routes[] = $this->describe($route, self::groupOf($uri, $prefixes));
        }

        return $routes;
    }

    /** @return iterable<string, Route> the app's own routes (not Kite's) under $prefixes, by their URI without slashes around */
    private function appRoutesUnder(array $prefixes): iterable
    {
        foreach ($this->router->getRoutes()->getRoutes() as $route) {
            $uri = trim($route->uri(), '/');
            if (! str_starts_with((string) $route->getName(), 'kite.') && self::matches($uri, $prefixes)) {
                yield $uri => $route;
            }
        }
    }

    private function describe(Route $route, string $group): array
    {
        $routeMethods = $route->methods();
        $methods = array_values(array_diff($routeMethods, in_array('GET', $routeMethods, true) ? ['HEAD'] : []));
        $uri = '/'.trim($route->uri(), '/');
        // Optional parameters (`{id?}`) are written without the `?` in the id and the URI.
        $displayUri = preg_replace('/\{(\w+)\?\}/', '{$1}', $uri);
        $primary = $methods[0] ?? 'GET';

        $found = $this->rules->rulesFor($route, $primary);
        $converted = RulesToSchema::convert($found['rules']);
        $schema = [];
        if ($converted['schema'] !== null) {
            $schema[in_array($primary, self::BODYLESS, true) ? 'query' : 'body'] = $converted['schema'];
        }

        $description = [
            'id' => $primary.' '.$displayUri,
            'methods' => $methods,
            'uri' => $displayUri,
            'group' => $group,
            'parameters' => [...self::pathParameters($uri, $this->bindings->forRoute($route)), ...self::bracketedQueryParameters($schema['query'] ?? null)],
            'schema' => $schema === [] ? new \stdClass : $schema,
            'extractionErrors' => array_map(static fn (array $error) => isset($error['location'])
                ? array_replace($error, ['location' => Kite::relativeToBasePath($error['location'])])
                : $error, $found['errors']),
        ];
        if ($route->getName() !== null) {
            $description['name'] = $route->getName();
        }
        $responses = $this->shapes->responsesFor($route, $primary);
        if ($responses !== []) {
            $description['responses'] = $responses;
        }
        if (isset($schema['body'])) {
            $description['bodyContentType'] = $converted['hasFiles'] ? 'multipart/form-data' : 'application/json';
        }

        return $description;
    }

    /** @param array<string, array> $bindings the model-bound parameters (ModelBindings::forRoute) */
    private static function pathParameters(string $uri, array $bindings): array
    {
        preg_match_all('/\{(\w+)(\?)?\}/', $uri, $matches, PREG_SET_ORDER);

        return array_map(static fn (array $match) => [
            'name' => $match[1],
            'in' => 'path',
            'required' => ! isset($match[2]) || $match[2] !== '?',
            'schema' => ['type' => 'string'],
        ] + (isset($bindings[$match[1]]) ? ['binding' => $bindings[$match[1]]] : []), $matches);
    }

    /**
     * The query's array and object fields, marked as PHP reads them (`tags[]=a&tags[]=b`,
     * `filter[name]=x`: RouteParameter.style `brackets`); the app would write OpenAPI's `tags=a&tags=b`
     * otherwise, of which PHP keeps the last value only.
     */
    private static function bracketedQueryParameters(?array $query): array
    {
        $parameters = [];
        foreach ($query['properties'] ?? [] as $name => $property) {
            $types = (array) ($property['type'] ?? []);
            if (in_array('array', $types, true) || in_array('object', $types, true)) {
                $parameters[] = [
                    'name' => (string) $name,
                    'in' => 'query',
                    'required' => in_array($name, $query['required'] ?? [], true),
                    'style' => 'brackets',
                    'schema' => $property,
                ];
            }
        }

        return $parameters;
    }

    private static function matches(string $uri, array $prefixes): bool
    {
        foreach ($prefixes as $prefix) {
            if ($prefix === '' || $uri === $prefix || str_starts_with($uri, $prefix.'/')) {
                return true;
            }
        }

        return false;
    }

    /** The first path segment after the application's prefix (`api/users/{user}` → `users`). */
    private static function groupOf(string $uri, array $prefixes): string
    {
        $rest = $uri;
        foreach ($prefixes as $prefix) {
            if ($prefix !== '' && ($uri === $prefix || str_starts_with($uri, $prefix.'/'))) {
                $rest = trim(substr($uri, strlen($prefix)), '/');
                break;
            }
        }
        $first = explode('/', $rest)[0] ?? '';

        return $first === '' || str_starts_with($first, '{') ? ($prefixes[0] ?? '') ?: '/' : $first;
    }
}
