<?php

namespace Kite\Http\Controllers;

use Illuminate\Http\JsonResponse;
use Illuminate\Http\Request;
use Illuminate\Http\Response;
use Kite\Http\ErrorResponse;
use Kite\Kite;
use Kite\PageConfig;
use Kite\Routes\RouteCatalog;

/** Answers every path under the mount path with the one page (stubs/page.html). */
class PageController
{
    public function show(Request $request, RouteCatalog $catalog): Response
    {
        $config = PageConfig::for($request);
        $template = (string) file_get_contents(Kite::packagePath('stubs/page.html'));
        $mainScreen = (string) $request->route('view') === '';

        $preloads = array_map(
            static fn (string $file) => '<link rel="modulepreload" href="'.htmlspecialchars($config['assetsUrl'].'/'.$file, ENT_QUOTES).'">',
            Kite::publishedInitialChunks($mainScreen),
        );

        $html = strtr($template, [
            '{{ASSETS_URL}}' => htmlspecialchars($config['assetsUrl'], ENT_QUOTES),
            '{{VERSION}}' => htmlspecialchars(Kite::VERSION, ENT_QUOTES),
            '{{KITE_CONFIG}}' => PageConfig::toScriptJson($config),
            '{{PRELOADS}}' => implode("\n", $preloads),
            // The main screen's page carries the routes, so its first render needs no routes call.
            '{{ROUTES}}' => $mainScreen ? self::routesElement($catalog->response($request)) : '',
        ]);

        return new Response($html, 200, [
            'Content-Type' => 'text/html; charset=UTF-8',
            'Cache-Control' => 'no-store',
        ]);
    }

    /**
     * The element that carries the routes response; when that is too large for the page, its route
     * index (protocol/schemas/route-index.schema.json) if that fits, else the script that starts
     * the GET routes/index call (stubs/route-index-call.html).
     */
    private static function routesElement(array $routes): string
    {
        $json = self::scriptJson($routes);
        if (strlen($json) > Kite::PAGE_ROUTES_MAX_BYTES) {
            $json = self::scriptJson(RouteCatalog::indexOf($routes));
        }
        if (strlen($json) > Kite::PAGE_ROUTES_MAX_BYTES) {
            // Too large even as an index: the page starts the index call while the entry loads.
            return trim((string) file_get_contents(Kite::packagePath('stubs/route-index-call.html')));
        }

        return '<script type="application/json" id="'.Kite::PAGE_ROUTES_ELEMENT_ID.'">'.$json.'</script>';
    }

    private static function scriptJson(array $value): string
    {
        // JSON_HEX_TAG: no `</script>` or `<!--` inside; PHP escapes U+2028 and U+2029 by itself.
        return json_encode($value, JSON_HEX_TAG | JSON_HEX_AMP | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION | JSON_THROW_ON_ERROR);
    }

    public function methodNotAllowed(Request $request): JsonResponse
    {
        return ErrorResponse::make(405, 'METHOD_NOT_ALLOWED', "{$request->method()} is not allowed on Kite's page.")->header('Allow', 'GET, HEAD');
    }

    public function unknownEndpoint(Request $request): JsonResponse
    {
        return ErrorResponse::make(404, 'NOT_FOUND', 'Kite has no endpoint '.$request->method().' /'.$request->path().'.');
    }
}
