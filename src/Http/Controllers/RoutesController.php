<?php

namespace Kite\Http\Controllers;

use Illuminate\Http\JsonResponse;
use Illuminate\Http\Request;
use Kite\Routes\RouteCatalog;

/** GET {path}/api/routes: the RoutesResponse of protocol/types.ts; GET {path}/api/routes/index: its RouteIndex. */
class RoutesController
{
    public function __invoke(Request $request, RouteCatalog $catalog): JsonResponse
    {
        return self::json($catalog->response($request));
    }

    public function index(Request $request, RouteCatalog $catalog): JsonResponse
    {
        return self::json(RouteCatalog::indexOf($catalog->response($request)));
    }

    private static function json(array $value): JsonResponse
    {
        return new JsonResponse($value, 200, ['Cache-Control' => 'no-store'], JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION);
    }
}
