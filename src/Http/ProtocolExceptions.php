<?php

namespace Kite\Http;

use Illuminate\Auth\AuthenticationException;
use Illuminate\Contracts\Debug\ExceptionHandler;
use Illuminate\Http\Exceptions\HttpResponseException;
use Illuminate\Http\Request;
use Illuminate\Validation\ValidationException;
use Kite\Http\Middleware\Authorize;
use Kite\Kite;
use Symfony\Component\HttpFoundation\Response;
use Symfony\Component\HttpKernel\Exception\HttpExceptionInterface;
use Symfony\Component\HttpKernel\Exception\MethodNotAllowedHttpException;
use Symfony\Component\HttpKernel\Exception\NotFoundHttpException;

/**
 * What the application's exception handler answers for an exception on a Kite URL. Some answers
 * come before Kite's middleware runs (the router's 405 for PROPFIND or TRACE, ValidatePostSize's
 * 413) or from an exception inside a controller (500); the handler would render them as the app's
 * HTML pages. Instead:
 *  - where Kite is closed (outside kite.environments, the gate not asked yet), a method the router
 *    does not know on a Kite URL is the app's own plain 404, as every other method is (Authorize);
 *    everything else is left to the app, so Kite's URLs look like none of its own;
 *  - where Kite is open, an error of its API (`{path}/api/…`) gets the protocol's error body, and
 *    an unknown method on its page the page's 405.
 */
final class ProtocolExceptions
{
    public static function register(ExceptionHandler $handler): void
    {
        // Laravel 8 to 12: the framework's handler takes render callbacks; another handler keeps its own way.
        if (method_exists($handler, 'renderable')) {
            $handler->renderable(static fn (\Throwable $error, $request) => $request instanceof Request ? self::render($error, $request) : null);
        }
    }

    public static function render(\Throwable $error, Request $request): ?Response
    {
        if ($error instanceof HttpResponseException || ! self::isKiteUrl($request)) {
            return null;
        }
        $open = Authorize::environmentAllows() || $request->attributes->get(Authorize::DECIDED) === true;
        if (! $open) {
            return $error instanceof MethodNotAllowedHttpException ? app(ExceptionHandler::class)->render($request, new NotFoundHttpException()) : null;
        }
        if (! self::isApiUrl($request)) {
            return $error instanceof MethodNotAllowedHttpException
                ? ErrorResponse::make(405, 'METHOD_NOT_ALLOWED', "{$request->method()} is not allowed on Kite's page.")->header('Allow', 'GET, HEAD')
                : null;
        }

        [$status, $code, $message, $field] = self::describe($error, $request);
        $response = ErrorResponse::make($status, $code, $message, $field);
        if ($error instanceof HttpExceptionInterface) {
            $response->headers->add($error->getHeaders());
        }

        return $response;
    }

    /** @return array{int, string, string, ?string} status, code, message, field */
    private static function describe(\Throwable $error, Request $request): array
    {
        $endpoint = substr(trim($request->path(), '/'), strlen(self::apiPrefix()) + 1);
        if ($error instanceof AuthenticationException) {
            return [401, 'UNAUTHENTICATED', 'Log in to the application to use Kite.', null];
        }
        if ($error instanceof ValidationException) {
            $field = array_key_first($error->errors());

            return [$error->status, 'INVALID_REQUEST', $error->getMessage(), $field === null ? null : (string) $field];
        }
        $status = $error instanceof HttpExceptionInterface ? $error->getStatusCode() : 500;

        return match (true) {
            $status === 404 => [404, 'NOT_FOUND', "Kite has no endpoint {$request->method()} /{$request->path()}.", null],
            $status === 405 => [405, 'METHOD_NOT_ALLOWED', "{$request->method()} is not allowed on /{$request->path()}.", null],
            $status === 413 && str_starts_with($endpoint, 'workspace/') => [413, 'INVALID_WORKSPACE_FILE', 'A workspace file is at most 2 MB', null],
            $status === 413 => [413, 'RELAY_REQUEST_TOO_LARGE', 'The request is larger than the application accepts (PHP post_max_size)', null],
            $status === 419 => [419, 'XSRF_MISMATCH', 'The X-XSRF-TOKEN header does not match this session; reload the page and try again.', null],
            $status < 500 => [$status, 'REQUEST_REFUSED', $error->getMessage() !== '' ? $error->getMessage() : "The application refused the request ({$status}).", null],
            default => [$status, 'INTERNAL', 'Kite failed: '.(config('app.debug') ? $error->getMessage() : 'see the application\'s log'), null],
        };
    }

    private static function isKiteUrl(Request $request): bool
    {
        $domain = config('kite.domain');
        if (is_string($domain) && $domain !== '' && ! str_contains($domain, '{') && strcasecmp($domain, $request->getHost()) !== 0) {
            return false;
        }
        $path = trim($request->path(), '/');

        return Kite::path() === '' || $path === Kite::path() || str_starts_with($path, Kite::path().'/');
    }

    private static function isApiUrl(Request $request): bool
    {
        $path = trim($request->path(), '/');

        return $path === self::apiPrefix() || str_starts_with($path, self::apiPrefix().'/');
    }

    /** `http-client/api`, or `api` when Kite is mounted at the root. */
    private static function apiPrefix(): string
    {
        return ltrim(Kite::path().'/api', '/');
    }
}
