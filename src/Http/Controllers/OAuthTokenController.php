<?php

namespace Kite\Http\Controllers;

use Illuminate\Contracts\Foundation\Application;
use Illuminate\Http\JsonResponse;
use Illuminate\Http\Request;
use Kite\Http\ErrorResponse;
use Kite\Relay\RelayCall;
use Kite\Relay\RelayError;
use Kite\Relay\RelayStream;
use Symfony\Component\HttpFoundation\Response;

/**
 * POST {path}/api/oauth/token (protocol: OAuthTokenRequest): an OAuth 2.0 token request sent for
 * the app, which a browser cannot send itself (CORS). It goes out as a relay call does — to this
 * application in-process (Passport's /oauth/token) or with Laravel's Http client to a URL under
 * the relay's allow-list (`kite.relay.allowed_urls`) — and the endpoint's status and body come back
 * as they are; the app tells a token from an OAuth error or an HTML page.
 */
class OAuthTokenController
{
    /** protocol/endpoints.js OAUTH_TOKEN_MAX_BODY_BYTES, OAUTH_TOKEN_TIMEOUT_MS, OAUTH_TOKEN_TIMEOUT_MAX_MS. */
    private const MAX_BODY_BYTES = 1024 * 1024;

    private const TIMEOUT_MS = 15000;

    private const TIMEOUT_MAX_MS = 60000;

    public function __invoke(Request $request, Application $app): Response
    {
        try {
            $call = RelayCall::fromPayload(self::relayPayload(self::payload($request)));
            $result = RelayController::send($request, $app, $call);
        } catch (RelayError $error) {
            $code = $error->errorCode === 'INVALID_RELAY_REQUEST' ? 'INVALID_TOKEN_REQUEST' : $error->errorCode;

            return ErrorResponse::make($error->status, $code, str_replace('The target', 'The token endpoint', $error->getMessage()), $error->field === 'url' ? 'tokenUrl' : $error->field);
        }
        if ($result instanceof RelayStream) {
            return ErrorResponse::make(502, 'TARGET_UNREACHABLE', "The token endpoint {$call->url} answered a stream, not a token response.", 'tokenUrl');
        }
        $contentType = '';
        foreach ($result->headers as [$name, $value]) {
            if (strtolower($name) === 'content-type') {
                $contentType = $value;
            }
        }

        return new JsonResponse(['status' => $result->status, 'contentType' => $contentType, 'body' => substr($result->body, 0, self::MAX_BODY_BYTES)]);
    }

    private static function payload(Request $request): array
    {
        try {
            $payload = json_decode((string) $request->getContent(), true, 32, JSON_THROW_ON_ERROR);
        } catch (\JsonException) {
            throw new RelayError(422, 'INVALID_TOKEN_REQUEST', 'The token request is not valid JSON.');
        }
        if (! is_array($payload) || array_is_list($payload)) {
            throw new RelayError(422, 'INVALID_TOKEN_REQUEST', 'The token request must be a JSON object.');
        }

        return $payload;
    }

    /** The token request as a relay call: a form POST to the token URL, client credentials as Basic when given. */
    private static function relayPayload(array $payload): array
    {
        $url = $payload['tokenUrl'] ?? null;
        if (! is_string($url) || preg_match('#^https?://[^/?\#]+#i', $url) !== 1) {
            throw new RelayError(422, 'INVALID_TOKEN_REQUEST', "tokenUrl must be the token endpoint's full URL (http:// or https://).", 'tokenUrl');
        }
        $form = $payload['form'] ?? null;
        if (! is_array($form) || $form === [] || ! array_is_list($form)) {
            throw new RelayError(422, 'INVALID_TOKEN_REQUEST', 'form must be a non-empty list of { name, value } fields.', 'form');
        }
        foreach ($form as $index => $field) {
            if (! is_array($field) || ! is_string($field['name'] ?? null) || $field['name'] === '' || ! is_string($field['value'] ?? null)) {
                throw new RelayError(422, 'INVALID_TOKEN_REQUEST', "form[{$index}] must be { name, value } with string values.", "form[{$index}]");
            }
        }
        $timeout = $payload['timeoutMs'] ?? self::TIMEOUT_MS;
        if (! is_int($timeout) || $timeout < 1 || $timeout > self::TIMEOUT_MAX_MS) {
            throw new RelayError(422, 'INVALID_TOKEN_REQUEST', 'timeoutMs must be a whole number of milliseconds from 1 to '.self::TIMEOUT_MAX_MS.'.', 'timeoutMs');
        }
        $basic = $payload['basicAuth'] ?? null;
        if ($basic !== null && (! is_array($basic) || ! is_string($basic['username'] ?? null) || ! is_string($basic['password'] ?? null))) {
            throw new RelayError(422, 'INVALID_TOKEN_REQUEST', 'basicAuth must be { username, password }.', 'basicAuth');
        }

        return [
            'method' => 'POST',
            'url' => $url,
            'headers' => [['name' => 'Accept', 'value' => 'application/json']],
            'query' => [],
            'body' => ['type' => 'form', 'fields' => array_map(static fn ($field) => ['name' => $field['name'], 'value' => $field['value']], $form)],
            'authorization' => $basic === null
                ? ['type' => 'none']
                // RFC 6749 2.3.1: client id and secret are form-encoded before Basic joins them.
                : ['type' => 'basic', 'username' => urlencode($basic['username']), 'password' => urlencode($basic['password'])],
            'timeoutMs' => $timeout,
        ];
    }
}
