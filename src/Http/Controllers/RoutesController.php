<?php

namespace Kite\Http\Controllers;

use Illuminate\Http\JsonResponse;
use Illuminate\Http\Request;
use Kite\Routes\RouteCatalog;

/** GET {path}/api/routes: the RoutesResponse of protocol/types.ts. */
class RoutesController
{
    public function __invoke(Request $request, RouteCatalog $catalog): JsonResponse
    {
        return new JsonResponse($catalog->response($request), 200, ['Cache-Control' => 'no-store'], JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION);
    }
}
