<?php

namespace Kite\Http\Controllers;

use Illuminate\Http\JsonResponse;
use Illuminate\Http\Request;
use Illuminate\Http\Response;
use Kite\Http\ErrorResponse;
use Kite\Kite;
use Kite\PageConfig;

/** Answers every path under the mount path with the one page (stubs/page.html). */
class PageController
{
    public function show(Request $request): Response
    {
        $config = PageConfig::for($request);
        $template = (string) file_get_contents(Kite::packagePath('stubs/page.html'));

        $preloads = array_map(
            static fn (string $file) => '<link rel="modulepreload" href="'.htmlspecialchars($config['assetsUrl'].'/'.$file, ENT_QUOTES).'">',
            Kite::publishedInitialChunks(),
        );

        $html = strtr($template, [
            '{{ASSETS_URL}}' => htmlspecialchars($config['assetsUrl'], ENT_QUOTES),
            '{{VERSION}}' => htmlspecialchars(Kite::VERSION, ENT_QUOTES),
            '{{KITE_CONFIG}}' => PageConfig::toScriptJson($config),
            '{{PRELOADS}}' => implode("\n", $preloads),
        ]);

        return new Response($html, 200, [
            'Content-Type' => 'text/html; charset=UTF-8',
            'Cache-Control' => 'no-store',
        ]);
    }

    public function unknownEndpoint(Request $request): JsonResponse
    {
        return ErrorResponse::make(404, 'NOT_FOUND', 'Kite has no endpoint '.$request->method().' /'.$request->path().'.');
    }
}
