<?php

namespace Kite;

use Illuminate\Http\Request;
use Kite\Http\Controllers\DataController;

/** `window.Kite` (protocol/types.ts KiteConfig) for one request. */
final class PageConfig
{
    /** @return array<string, mixed> */
    public static function for(Request $request): array
    {
        $basePath = Kite::basePath($request);

        return [
            'basePath' => $basePath,
            'assetsUrl' => self::assetsUrl($request),
            'apiUrl' => $basePath.'/api',
            'version' => Kite::VERSION,
            'publishCommand' => Kite::PUBLISH_COMMAND,
            'host' => Kite::HOST_KIND,
            'dataPickers' => DataController::enabled(),
            'applications' => array_map(static fn (array $application) => [
                'id' => $application['id'],
                'name' => $application['name'],
                'baseUrl' => Kite::displayBaseUrl($application, $request),
            ], Kite::applications()),
            'globalHeaders' => Kite::globalHeaders(),
        ];
    }

    private static function assetsUrl(Request $request): string
    {
        $assetUrl = config('app.asset_url');
        if (is_string($assetUrl) && $assetUrl !== '') {
            return rtrim($assetUrl, '/').'/'.Kite::ASSETS_PATH;
        }

        return Kite::urlPrefix($request).'/'.Kite::ASSETS_PATH;
    }

    /**
     * JSON that is safe inside a <script> element: `<`, `>`, `&`, U+2028 and U+2029 are escaped
     * as \uXXXX (json_encode escapes every non-ASCII character without JSON_UNESCAPED_UNICODE).
     */
    public static function toScriptJson(array $config): string
    {
        return json_encode($config, JSON_HEX_TAG | JSON_HEX_AMP | JSON_UNESCAPED_SLASHES | JSON_THROW_ON_ERROR);
    }
}
