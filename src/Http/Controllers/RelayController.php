<?php

namespace Kite\Http\Controllers;

use Illuminate\Contracts\Foundation\Application;
use Illuminate\Http\Client\Factory as HttpFactory;
use Illuminate\Http\Request;
use Kite\Kite;
use Kite\Relay\ExternalDispatcher;
use Kite\Relay\InProcessDispatcher;
use Kite\Relay\RelayCall;
use Kite\Relay\RelayError;
use Kite\Routes\RouteCatalog;
use Symfony\Component\HttpFoundation\Response;

/**
 * POST {path}/api/relay: validates the RelayRequest, checks the target is allowed, and answers
 * with the target's response framed (protocol/frame.js) or with a protocol error.
 */
class RelayController
{
    public function __invoke(Request $request, Application $app, RouteCatalog $catalog): Response
    {
        // Read before the call: an in-process call swaps the container's request for its own.
        $routesRevision = $catalog->revision($request);
        try {
            $call = RelayCall::fromPayload(self::payload($request));
            $application = self::application($call);
            [$inProcessPath, $externalUrl] = self::target($request, $application, $call);

            if ($externalUrl !== null) {
                $timeout = ($call->timeoutMs ?? ((float) config('kite.relay.timeout', 30)) * 1000) / 1000;
                $result = (new ExternalDispatcher($app->make(HttpFactory::class), $app->bound('encrypter') ? $app['encrypter'] : null))
                    ->dispatch($call, $externalUrl, $timeout);
            } else {
                [$user, $guard] = self::impersonation($app, $call);
                $result = (new InProcessDispatcher($app))->dispatch($request, $call->withUrl($inProcessPath), $user, $guard);
            }
        } catch (RelayError $error) {
            return $error->toResponse();
        }

        return $result->toFrame((int) (((float) config('kite.relay.max_body_mb', 100)) * 1024 * 1024), $routesRevision);
    }

    private static function payload(Request $request): mixed
    {
        $content = (string) $request->getContent();
        if ($content === '') {
            throw RelayError::invalid('body', 'The relay request is empty; send a JSON RelayRequest.');
        }
        try {
            return json_decode($content, true, 512, JSON_THROW_ON_ERROR);
        } catch (\JsonException $error) {
            throw RelayError::invalid('body', 'The relay request is not valid JSON: '.$error->getMessage());
        }
    }

    private static function application(RelayCall $call): array
    {
        $applications = Kite::applications();
        if ($call->application === null) {
            return $applications[0] ?? throw RelayError::invalid('application', 'No application is configured in config/kite.php.');
        }
        foreach ($applications as $application) {
            if ($application['id'] === $call->application) {
                return $application;
            }
        }

        throw RelayError::invalid('application', "There is no application with the id '{$call->application}'.");
    }

    /**
     * Where the call goes: [path in this application, null] or [null, external URL].
     *
     * @return array{0: ?string, 1: ?string}
     */
    private static function target(Request $request, array $application, RelayCall $call): array
    {
        $url = $call->url;
        $isAbsolute = preg_match('#^[a-z][a-z0-9+.-]*://#i', $url) === 1;

        if (! $isAbsolute) {
            if ($application['baseUrl'] === null) {
                return ['/'.ltrim($url, '/'), null];
            }

            return [null, rtrim($application['baseUrl'], '/').'/'.ltrim($url, '/')];
        }

        // An absolute URL: this application itself, or one of the configured base URLs.
        $self = rtrim($request->getSchemeAndHttpHost().Kite::urlPrefix($request), '/');
        if ($application['baseUrl'] === null && self::isUnder($url, $self)) {
            return ['/'.ltrim(substr($url, strlen($self)), '/'), null];
        }
        foreach (self::allowedBaseUrls() as $allowed) {
            if (self::isUnder($url, $allowed)) {
                return [null, $url];
            }
        }

        throw new RelayError(403, 'TARGET_NOT_ALLOWED', "Kite only relays to this application and the base URLs listed in config/kite.php; {$url} is not one of them.", 'url');
    }

    /** @return list<string> */
    private static function allowedBaseUrls(): array
    {
        $urls = array_filter(array_map(static fn ($application) => $application['baseUrl'], Kite::applications()));

        return array_values(array_map(static fn ($url) => rtrim((string) $url, '/'), array_merge($urls, (array) config('kite.relay.allowed_urls', []))));
    }

    private static function isUnder(string $url, string $base): bool
    {
        if ($base === '') {
            return false;
        }
        if (strcasecmp($url, $base) === 0) {
            return true;
        }
        $next = substr($url, strlen($base), 1);

        return strncasecmp($url, $base, strlen($base)) === 0 && in_array($next, ['/', '?', '#'], true);
    }

    /** @return array{0: ?object, 1: ?string} the user to impersonate and the guard, or nulls */
    private static function impersonation(Application $app, RelayCall $call): array
    {
        if ($call->authorization['type'] !== 'impersonate') {
            return [null, null];
        }
        if (! config('kite.impersonation.enabled')) {
            throw new RelayError(422, 'IMPERSONATION_UNAVAILABLE', 'Impersonation is not configured for this host', 'authorization.type');
        }
        $guard = config('kite.impersonation.guard') ?: config('auth.defaults.guard');
        $providerName = config("auth.guards.{$guard}.provider") ?? config('auth.guards.'.config('auth.defaults.guard').'.provider');
        $provider = $providerName ? $app['auth']->createUserProvider($providerName) : null;
        if ($provider === null) {
            throw new RelayError(422, 'IMPERSONATION_UNAVAILABLE', "The guard '{$guard}' has no user provider to find users with.", 'authorization.type');
        }
        $user = $provider->retrieveById($call->authorization['userId']);
        if ($user === null) {
            throw new RelayError(422, 'IMPERSONATION_UNAVAILABLE', "There is no user with the id '{$call->authorization['userId']}' (guard '{$guard}').", 'authorization.userId');
        }

        return [$user, $guard];
    }
}
