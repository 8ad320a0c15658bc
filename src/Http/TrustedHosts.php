<?php

namespace Kite\Http;

use Illuminate\Http\Request;
use Illuminate\Http\Response;
use Symfony\Component\HttpFoundation\Response as BaseResponse;

/**
 * The host names Kite answers on, against DNS rebinding (as Laravel's TrustHosts does for a whole
 * app): APP_URL's host, config('kite.domain'), loopback names, and config('kite.allowed_hosts')
 * (`*.example.test` covers the subdomains). A request with another Host, or an API call whose
 * Origin names another host (or is `null`), is refused with 403.
 */
final class TrustedHosts
{
    public const LOOPBACK = ['localhost', '127.0.0.1', '::1'];

    /** The refusal for $request, or null when its Host (and, on the API, its Origin) is trusted. */
    public static function refusal(Request $request, bool $api): ?BaseResponse
    {
        $host = $request->getHost();
        if (! self::trusts($host)) {
            return self::refuse($api, 'HOST_NOT_ALLOWED', "Kite does not answer on the host '{$host}'. If it is yours, add it to kite.allowed_hosts (KITE_ALLOWED_HOSTS in .env); Kite answers on APP_URL's host, localhost and the hosts listed there.");
        }

        $origin = $request->headers->get('Origin');
        if ($api && $origin !== null && ! self::trusts((string) parse_url($origin, PHP_URL_HOST))) {
            return self::refuse(true, 'ORIGIN_NOT_ALLOWED', "Kite's API does not answer calls from the origin '{$origin}'. If it is yours, add its host to kite.allowed_hosts (KITE_ALLOWED_HOSTS in .env).");
        }

        return null;
    }

    private static function trusts(string $host): bool
    {
        $host = strtolower(trim($host, '[]'));
        if ($host === '') {
            return false;
        }
        foreach (self::hosts() as $trusted) {
            if ($host === $trusted || (str_starts_with($trusted, '*.') && str_ends_with($host, substr($trusted, 1)))) {
                return true;
            }
        }

        return false;
    }

    /** @return list<string> lower-case host names, `*.` patterns kept */
    private static function hosts(): array
    {
        $domain = (string) config('kite.domain');
        $hosts = array_merge(
            self::LOOPBACK,
            [(string) parse_url((string) config('app.url'), PHP_URL_HOST), str_contains($domain, '{') ? '' : $domain],
            (array) config('kite.allowed_hosts', []),
        );

        return array_values(array_filter(array_map(static fn ($host) => strtolower(trim((string) $host, " \t[]")), $hosts)));
    }

    private static function refuse(bool $api, string $code, string $message): BaseResponse
    {
        return $api ? ErrorResponse::make(403, $code, $message) : new Response($message, 403, ['Content-Type' => 'text/plain; charset=UTF-8']);
    }
}
