<?php

namespace Kite\Http\Controllers;

use Illuminate\Http\JsonResponse;
use Illuminate\Http\Request;
use Kite\Kite;
use Kite\Routes\RouteCatalog;

/** GET {path}/api/status: the StatusResponse of protocol/types.ts. */
class StatusController
{
    public function __invoke(Request $request, RouteCatalog $catalog): JsonResponse
    {
        $applications = [];
        foreach ($catalog->response($request)['applications'] as $application) {
            $errors = [];
            foreach ($application['routes'] as $route) {
                foreach ($route['extractionErrors'] as $error) {
                    $errors[] = ['route' => $route['id']] + $error;
                }
            }
            $applications[] = [
                'id' => $application['id'],
                'name' => $application['name'],
                'baseUrl' => $application['baseUrl'],
                'routeCount' => count($application['routes']),
                'extractionErrors' => $errors,
            ];
        }

        return new JsonResponse([
            'host' => ['kind' => Kite::HOST_KIND, 'version' => Kite::VERSION],
            // The published copy is what the browser runs; the package's dist/ when none is published.
            'bundleVersion' => Kite::publishedBundleVersion() ?? self::packagedBundleVersion(),
            'environment' => (string) app()->environment(),
            'applications' => $applications,
        ], 200, ['Cache-Control' => 'no-store'], JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);
    }

    private static function packagedBundleVersion(): string
    {
        $data = Kite::manifest(Kite::packagePath('dist/manifest.json'));

        return isset($data['version']) ? (string) $data['version'] : Kite::VERSION;
    }
}
