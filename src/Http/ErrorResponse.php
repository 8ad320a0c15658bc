<?php

namespace Kite\Http;

use Illuminate\Http\JsonResponse;

/** The protocol's error body: `{ error: { code, message, field? } }`. */
final class ErrorResponse
{
    public static function make(int $status, string $code, string $message, ?string $field = null): JsonResponse
    {
        $error = ['code' => $code, 'message' => $message];
        if ($field !== null) {
            $error['field'] = $field;
        }

        return new JsonResponse(['error' => $error], $status, [], JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);
    }
}
