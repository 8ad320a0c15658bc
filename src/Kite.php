<?php

namespace Kite;

use Illuminate\Http\Request;
use Illuminate\Support\Str;

/**
 * Package facts and the settings derived from config/kite.php that more than one class needs.
 */
final class Kite
{
    /** The package version; equal to package.json's (a test checks it) and to the bundle's. */
    public const VERSION = '0.1.0';

    public const HOST_KIND = 'laravel';

    public const PUBLISH_COMMAND = 'php artisan kite:publish';

    /** Copies of protocol/endpoints.js's PAGE_ROUTES_ELEMENT_ID and PAGE_ROUTES_MAX_BYTES (a test compares them). */
    public const PAGE_ROUTES_ELEMENT_ID = 'kite-routes';

    public const PAGE_ROUTES_MAX_BYTES = 256 * 1024;

    /** Where `kite:install` publishes dist/, relative to the public directory. */
    public const ASSETS_PATH = 'vendor/kite';

    /** The package's root directory (holds dist/ and stubs/). */
    public static function packagePath(string $path = ''): string
    {
        return dirname(__DIR__).($path === '' ? '' : '/'.ltrim($path, '/'));
    }

    /** The mount path without slashes, e.g. `http-client`. */
    public static function path(): string
    {
        return trim((string) config('kite.path', 'http-client'), '/');
    }

    /**
     * The URL prefix of the application itself: the sub-folder it is served from (the request's
     * base URL), or else the path of APP_URL (e.g. behind a proxy that strips the sub-folder).
     */
    public static function urlPrefix(?Request $request = null): string
    {
        $base = $request ? rtrim($request->getBaseUrl(), '/') : '';
        if ($base !== '') {
            // The base URL includes the front controller when the URL names it (`/sub/index.php`).
            return preg_replace('#/[^/]+\.php$#', '', $base);
        }

        return rtrim((string) parse_url((string) config('app.url', ''), PHP_URL_PATH), '/');
    }

    /** The client's router base, e.g. `/sub/http-client`. */
    public static function basePath(?Request $request = null): string
    {
        $path = self::path();

        return self::urlPrefix($request).($path === '' ? '' : '/'.$path);
    }

    /**
     * The applications from config, each with an id, name, base URL (null = in-process) and the
     * route prefixes to list.
     *
     * @return list<array{id: string, name: string, baseUrl: ?string, prefixes: list<string>}>
     */
    public static function applications(): array
    {
        $applications = [];
        foreach ((array) config('kite.applications', []) as $index => $application) {
            $name = (string) ($application['name'] ?? 'Application '.($index + 1));
            $id = (string) ($application['id'] ?? (Str::slug($name) ?: 'app-'.($index + 1)));
            while (isset($applications[$id])) {
                $id .= '-'.($index + 1);
            }
            $baseUrl = $application['base_url'] ?? null;
            $applications[$id] = [
                'id' => $id,
                'name' => $name,
                'baseUrl' => is_string($baseUrl) && $baseUrl !== '' ? rtrim($baseUrl, '/') : null,
                'prefixes' => array_values(array_map(
                    static fn ($prefix) => trim((string) $prefix, '/'),
                    (array) ($application['prefixes'] ?? ['api'])
                )),
            ];
        }

        return array_values($applications);
    }

    /** The base URL shown for an application: its own, or this application's root URL. */
    public static function displayBaseUrl(array $application, ?Request $request = null): string
    {
        if ($application['baseUrl'] !== null) {
            return $application['baseUrl'];
        }

        return $request ? rtrim($request->getSchemeAndHttpHost().self::urlPrefix($request), '/') : rtrim((string) config('app.url'), '/');
    }

    /** @return list<array{name: string, value: string}> */
    public static function globalHeaders(): array
    {
        $headers = [];
        foreach ((array) config('kite.global_headers', []) as $name => $value) {
            // Both `'Accept' => 'application/json'` and `['name' => ..., 'value' => ...]` are accepted.
            if (is_array($value)) {
                $headers[] = ['name' => (string) ($value['name'] ?? ''), 'value' => (string) ($value['value'] ?? '')];
            } else {
                $headers[] = ['name' => (string) $name, 'value' => (string) $value];
            }
        }

        return array_values(array_filter($headers, static fn ($header) => $header['name'] !== ''));
    }

    /** The version of the published bundle (public/vendor/kite/manifest.json), if any. */
    public static function publishedBundleVersion(): ?string
    {
        $data = self::publishedManifest();

        return isset($data['version']) ? (string) $data['version'] : null;
    }

    /**
     * The files the page announces as module preloads, so the browser fetches them alongside the
     * entry: on the main screen the manifest's `preload` (the entry's static imports and the main
     * screen's chunks), on another screen its `initial` (the entry's static imports: that screen's
     * chunk does not import the main screen's); empty without a manifest.
     *
     * @return list<string>
     */
    public static function publishedInitialChunks(bool $mainScreen = true): array
    {
        $data = self::publishedManifest();
        $entry = $data['entry'] ?? 'kite.js';
        $listed = $mainScreen ? ($data['preload'] ?? $data['initial'] ?? null) : ($data['initial'] ?? null);
        $files = is_array($listed) ? $listed : [];

        return array_values(array_filter($files, static fn ($file) => is_string($file) && $file !== $entry));
    }

    /** @return array<string, mixed> */
    private static function publishedManifest(): array
    {
        return self::manifest(public_path(self::ASSETS_PATH.'/manifest.json'));
    }

    /**
     * A bundle manifest (`manifest.json`) decoded; empty when the file is missing or unreadable.
     *
     * @return array<string, mixed>
     */
    public static function manifest(string $file): array
    {
        $contents = is_file($file) ? @file_get_contents($file) : false;
        $data = is_string($contents) ? json_decode($contents, true) : null;

        return is_array($data) ? $data : [];
    }

    /** A path relative to the application's base path (`config/kite.php`); other paths as they are. */
    public static function relativeToBasePath(string $path): string
    {
        $base = rtrim(base_path(), '/').'/';

        return str_starts_with($path, $base) ? substr($path, strlen($base)) : $path;
    }
}
