<?php

namespace Kite\Relay;

/**
 * Whether a URL lies under a base URL, compared the way a server may read them (as the Node host's
 * server/relay/target.mjs does): scheme, host and port alike (default ports filled in), and the
 * paths compared segment by segment after escapes of unreserved characters are decoded (`%2e` is
 * `.`) and dot segments resolved, once with encoded slashes and backslashes (`%2F`, `%5C`) as
 * separators and once without. So `http://api.test/public/../secret`, `…/public/%2e%2e/secret` and
 * `…/publicity` are not under `http://api.test/public`.
 */
final class TargetUrl
{
    public static function isUnder(string $url, string $base): bool
    {
        $target = self::parts($url);
        $root = self::parts($base);
        if ($target === null || $root === null || $target['origin'] !== $root['origin']) {
            return false;
        }
        foreach ([false, true] as $splitEncoded) {
            $prefix = self::segments($root['path'], $splitEncoded);
            if (array_slice(self::segments($target['path'], $splitEncoded), 0, count($prefix)) !== $prefix) {
                return false;
            }
        }

        return true;
    }

    /** The path and query of an absolute URL, dot segments resolved (e.g. `/api/users?page=2`). */
    public static function pathAndQuery(string $url): string
    {
        $parts = parse_url($url);
        $query = is_array($parts) && isset($parts['query']) ? '?'.$parts['query'] : '';

        return '/'.implode('/', self::segments(is_array($parts) ? ($parts['path'] ?? '/') : '/', false)).$query;
    }

    /**
     * The path and query of a URL under $base, relative to it (`http://app.test/sub/api/x` under
     * `http://app.test/sub` is `/api/x`): the path in the application served there; null when not under it.
     */
    public static function pathUnder(string $url, string $base): ?string
    {
        if (! self::isUnder($url, $base)) {
            return null;
        }
        $prefix = rtrim((string) parse_url($base, PHP_URL_PATH), '/');
        $path = self::pathAndQuery($url);

        return '/'.ltrim(str_starts_with($path, $prefix.'/') ? substr($path, strlen($prefix)) : $path, '/');
    }

    /** @return ?array{origin: string, path: string} */
    private static function parts(string $url): ?array
    {
        $parts = parse_url($url);
        $scheme = strtolower((string) ($parts['scheme'] ?? ''));
        if (! is_array($parts) || ! in_array($scheme, ['http', 'https'], true) || ($parts['host'] ?? '') === '') {
            return null;
        }
        $port = $parts['port'] ?? ($scheme === 'https' ? 443 : 80);

        return ['origin' => $scheme.'://'.strtolower($parts['host']).':'.$port, 'path' => $parts['path'] ?? '/'];
    }

    /** @return list<string> the path's segments, dot segments resolved, empty ones dropped */
    private static function segments(string $path, bool $splitEncoded): array
    {
        $decoded = preg_replace_callback('/%([0-9A-Fa-f]{2})/', static function (array $escape) {
            $char = chr(hexdec($escape[1]));

            return preg_match('/^[A-Za-z0-9\-._~]$/', $char) === 1 ? $char : strtoupper($escape[0]);
        }, $path);
        if ($splitEncoded) {
            $decoded = str_replace(['%2F', '%5C'], '/', $decoded);
        }
        $segments = [];
        foreach (preg_split('#[/\\\\]#', $decoded) as $segment) {
            if ($segment === '..') {
                array_pop($segments);
            } elseif ($segment !== '.' && $segment !== '') {
                $segments[] = $segment;
            }
        }

        return $segments;
    }
}
