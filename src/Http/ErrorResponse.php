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

    /** The 419 XSRF_MISMATCH error: by default, the token sent does not match the session's. */
    public static function xsrfMismatch(string $message = 'The X-XSRF-TOKEN header does not match this session; reload the page and try again.'): JsonResponse
    {
        return self::make(419, 'XSRF_MISMATCH', $message);
    }
}
