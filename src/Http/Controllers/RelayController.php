<?php

namespace Kite\Http\Controllers;

use Illuminate\Contracts\Foundation\Application;
use Illuminate\Http\Client\Factory as HttpFactory;
use Illuminate\Http\Request;
use Kite\Auth\Injection;
use Kite\Kite;
use Kite\Relay\Cookies;
use Kite\Relay\Digest;
use Kite\Relay\ExternalDispatcher;
use Kite\Relay\InProcessDispatcher;
use Kite\Relay\RelayCall;
use Kite\Relay\RelayError;
use Kite\Relay\RelayResult;
use Kite\Relay\RelayStream;
use Kite\Relay\TargetUrl;
use Kite\Routes\RouteCatalog;
use Symfony\Component\HttpFoundation\Response;

/**
 * POST {path}/api/relay: validates the RelayRequest, checks the target is allowed, and answers
 * with the target's response framed (protocol/frame.js) or with a protocol error. A streaming body
 * of the app itself (RelayStream::streams()) is answered in the streaming form as it is written.
 */
class RelayController
{
    public function __invoke(Request $request, Application $app, RouteCatalog $catalog): Response
    {
        try {
            $call = RelayCall::fromPayload(self::payload($request));
            // Read once the call is accepted, and before it runs: an in-process call swaps the
            // container's request for its own.
            $routesRevision = $catalog->revision($request);
            $maxBodyBytes = self::maxBodyBytes();
            $result = self::send($request, $app, $call);
        } catch (RelayError $error) {
            return $error->toResponse();
        }

        if ($result instanceof RelayStream) {
            return $result->toResponse($maxBodyBytes, $routesRevision, self::timeoutMs($call));
        }

        return $result->toFrame($maxBodyBytes, $routesRevision);
    }

    private static function maxBodyBytes(): int
    {
        return (int) (((float) config('kite.relay.max_body_mb', 100)) * 1024 * 1024);
    }

    /**
     * Sends a validated call where it goes (the app in-process, or an allowed URL), as the relay
     * does; the OAuth token endpoint sends its token requests through it too, under the same allow-list.
     *
     * @throws RelayError
     */
    public static function send(Request $request, Application $app, RelayCall $call): RelayResult|RelayStream
    {
        $applications = Kite::applications();
        $application = self::application($applications, $call);
        [$inProcessPath, $externalUrl] = self::target($request, $applications, $application, $call);
        // A URL of auth.self_urls is this same application over HTTP: its route is known, and the
        // auth injectors can carry a user there as they do in-process.
        $path = $inProcessPath ?? Injection::selfPath($externalUrl);
        [$user, $guard] = self::impersonation($app, $call, $path === null);
        $user ??= $call->authorization['type'] === 'current-user' ? $request->user() : null;
        $injection = $path === null ? Injection::none() : Injection::prepare($app, $call, $path, $externalUrl !== null, $user, $call->authorization['type'] === 'impersonate');
        try {
            $call = $injection->applyTo($call);
            if ($externalUrl !== null) {
                $external = new ExternalDispatcher($app->make(HttpFactory::class), Cookies::encrypterOf($app));

                return $injection->closeSessionOpenedFor(Digest::send($call, static fn (RelayCall $sent) => $external->dispatch($sent, $externalUrl, self::timeoutMs($sent) / 1000, self::maxBodyBytes())), $app);
            }

            $impersonated = $call->authorization['type'] === 'impersonate' ? $user : null;

            $sessionGuard = $injection->sessionGuard() ?? $guard;

            return Digest::send($call->withUrl($inProcessPath), static fn (RelayCall $sent) => (new InProcessDispatcher($app))->dispatch($request, $sent, $impersonated, $sessionGuard));
        } finally {
            $injection->after();
        }
    }

    /**
     * The call's timeout, else config('kite.relay.timeout') (seconds), kept within the protocol's
     * bounds: 0 or less would make the HTTP client wait for ever.
     */
    private static function timeoutMs(RelayCall $call): int
    {
        $configured = (int) round(((float) config('kite.relay.timeout', 30)) * 1000);

        return $call->timeoutMs ?? max(RelayCall::MIN_TIMEOUT_MS, min(RelayCall::MAX_TIMEOUT_MS, $configured));
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

    /** @param  list<array<string, mixed>>  $applications  Kite::applications() */
    private static function application(array $applications, RelayCall $call): array
    {
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
     * Where the call goes: [path in this application, null] or [null, external URL]. An external URL
     * must lie under one of the allowed base URLs, also when it was given relative to its
     * application's (`../admin` does not leave `http://api.test/public`).
     *
     * @return array{0: ?string, 1: ?string}
     */
    private static function target(Request $request, array $applications, array $application, RelayCall $call): array
    {
        $url = $call->url;
        if (preg_match('#^[a-z][a-z0-9+.-]*://#i', $url) !== 1) {
            if ($application['baseUrl'] === null) {
                return ['/'.ltrim($url, '/'), null];
            }
            $url = $application['baseUrl'].'/'.ltrim($url, '/');
        } elseif ($application['baseUrl'] === null) {
            // An absolute URL of this application itself.
            $path = TargetUrl::pathUnder($url, Kite::displayBaseUrl($application, $request));
            if ($path !== null) {
                return [$path, null];
            }
        }
        foreach (self::allowedBaseUrls($applications) as $allowed) {
            if (TargetUrl::isUnder($url, $allowed)) {
                return [null, $url];
            }
        }

        throw new RelayError(403, 'TARGET_NOT_ALLOWED', "Kite only relays to this application and the base URLs listed in config/kite.php; {$url} is not under one of them.", 'url');
    }

    /**
     * The applications' base URLs (already trimmed by Kite::applications()) and the extra allowed URLs.
     *
     * @return list<string>
     */
    private static function allowedBaseUrls(array $applications): array
    {
        $urls = array_values(array_filter(array_map(static fn ($application) => $application['baseUrl'], $applications)));
        $extra = array_map(static fn ($url) => rtrim((string) $url, '/'), array_values((array) config('kite.relay.allowed_urls', [])));

        return array_merge($urls, $extra);
    }

    /**
     * The user to impersonate and the guard, or nulls. Impersonation logs the user in inside this
     * application (or, at a URL of auth.self_urls, the auth injectors carry the user there), so a
     * call to any other outside URL cannot carry it: refused rather than sent without credentials.
     *
     * @return array{0: ?object, 1: ?string}
     */
    private static function impersonation(Application $app, RelayCall $call, bool $external): array
    {
        if ($call->authorization['type'] !== 'impersonate') {
            return [null, null];
        }
        if (! config('kite.impersonation.enabled')) {
            throw new RelayError(422, 'IMPERSONATION_UNAVAILABLE', 'Impersonation is not configured for this host', 'authorization.type');
        }
        if ($external) {
            throw new RelayError(422, 'IMPERSONATION_UNAVAILABLE', 'Impersonation works only for requests to this application; the Laravel host cannot impersonate a user at an outside URL.', 'authorization.type');
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
