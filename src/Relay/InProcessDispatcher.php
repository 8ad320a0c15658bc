<?php

namespace Kite\Relay;

use Illuminate\Auth\AuthManager;
use Illuminate\Contracts\Foundation\Application;
use Illuminate\Contracts\Http\Kernel as HttpKernel;
use Illuminate\Cookie\CookieJar;
use Illuminate\Http\Request;
use Illuminate\Http\UploadedFile;
use Illuminate\Session\ArraySessionHandler;
use Illuminate\Session\SessionManager;
use Illuminate\Session\Store;
use Illuminate\Support\Str;
use Kite\Trace\Capture;
use Kite\Trace\DdCalled;
use Symfony\Component\HttpFoundation\Response;

/**
 * Sends a relayed request to this application through its own HTTP kernel, inside the relay call:
 * no network hop, so a single-worker server (`php artisan serve`, `php -S`) never waits on itself.
 *
 * The relayed request runs in an IsolatedScope: its own session (a copy of the user's for
 * `current-user`, an empty one otherwise), its own guards, cookie jar and redirector. Whatever it
 * does to them (logging in or out, flashing, queueing cookies) stays inside its response.
 *
 * It also runs under a Trace Capture: dump()/dd(), queries, logs, mails, notifications, jobs,
 * outgoing HTTP and the reported exception come back as the answer's `trace`, and with
 * `transaction: true` its database writes are rolled back and its mails and jobs held back (what
 * is not undone is named in the trace's `notUndone`); with `holdOutgoingHttp: true` its `Http::`
 * calls are answered by a fake.
 */
final class InProcessDispatcher
{
    public function __construct(private Application $app)
    {
    }

    /**
     * The app's answer, whole, or a RelayStream when its body streams (RelayStream::streams()):
     * then the scope and the capture are suspended, and the stream brings them back while it sends.
     *
     * @param  ?object  $impersonated  the user to log in for this call, if any
     * @param  ?string  $guard  the guard to log $impersonated in with; given whenever $impersonated is
     */
    public function dispatch(Request $outer, RelayCall $call, ?object $impersonated, ?string $guard): RelayResult|RelayStream
    {
        $session = $this->isolatedSession($outer, $call);
        $request = $this->buildRequest($outer, $call, $session);
        $auth = $this->isolatedAuth();
        $scope = new IsolatedScope($this->app);
        $capture = null;
        $stream = null;
        // Packages keep the app's own AuthManager (Sanctum's guard asks its `web` guard first): its
        // guards, resolved for the relay call as the logged-in browser user, are set aside for the
        // call, so it sees the relayed call's session and not the browser's user.
        $outerAuth = $this->app['auth'];
        $outerGuards = (fn () => $this->guards)->call($outerAuth);
        (fn () => $this->guards = [])->call($outerAuth);

        $scope->enter([
            'session' => $this->sessionManager($session),
            'session.store' => $session,
            'auth' => $auth,
            'cookie' => $this->cookieJar(),
        ]);
        try {
            if ($impersonated !== null) {
                // Built inside the scope, the guard reads the isolated session; setUser() logs the
                // user in for this request only (nothing is written to any session).
                $auth->shouldUse($guard);
                $auth->guard($guard)->setUser($impersonated);
            }

            // The trace records the call (and transaction mode rolls it back) until its body is
            // read: a streamed body runs the app's code too.
            $capture = new Capture($this->app, $call->transaction, $call->holdOutgoingHttp);
            $capture->start();
            $started = hrtime(true);
            $response = $this->app->make(HttpKernel::class)->handle($request);
            $ttfb = (hrtime(true) - $started) / 1e6;

            if (RelayStream::streams($call->method, $response)) {
                $head = $this->result($response, '', $request, $ttfb, $ttfb, null);
                $capture->suspend();
                $scope->suspend();

                return $stream = new RelayStream($this->app, $scope, $capture, $response, $head, $started);
            }

            try {
                $body = self::bodyOf($response);
            } catch (DdCalled $dd) {
                $response = $dd->response();
                $body = (string) $response->getContent();
            }
            $total = (hrtime(true) - $started) / 1e6;
            $trace = $capture->finish();

            return $this->result($response, $body, $request, $ttfb, $total, $trace);
        } finally {
            (fn () => $this->guards = $outerGuards)->call($outerAuth);
            if ($stream === null) {
                try {
                    $capture?->finish();
                } finally {
                    $scope->leave();
                }
            }
        }
    }

    private function result(Response $response, string $body, Request $request, float $ttfb, float $total, ?array $trace): RelayResult
    {
        return new RelayResult(
            $response->getStatusCode(),
            RelayResult::statusText($response->getStatusCode()),
            self::headersOf($response),
            $this->cookiesOf($response),
            $body,
            $request->fullUrl(),
            $ttfb,
            $total,
            trace: $trace,
            // In-process there is no network to time: the whole call is time in the app.
            appMs: $total,
        );
    }

    /** The relayed request's session: never the user's own store, so nothing it does is saved there. */
    private function isolatedSession(Request $outer, RelayCall $call): Store
    {
        $config = $this->app['config'];
        $store = new Store((string) $config->get('session.cookie', 'laravel_session'), new ArraySessionHandler((int) $config->get('session.lifetime', 120)));

        if ($call->authorization['type'] === 'current-user' && $outer->hasSession()) {
            $own = $outer->session();
            $store->setId($own->getId());
            $store->replace($own->all());
        }

        // A token of its own, sent along as X-CSRF-TOKEN, lets relayed calls reach web routes
        // behind the app's CSRF check: the relay call itself passed that check already.
        if (! $store->has('_token')) {
            $store->put('_token', Str::random(40));
        }

        return $store;
    }

    private function sessionManager(Store $store): SessionManager
    {
        return new class($this->app, $store) extends SessionManager
        {
            public function __construct($app, private Store $isolatedStore)
            {
                parent::__construct($app);
            }

            public function driver($driver = null)
            {
                return $this->isolatedStore;
            }
        };
    }

    /** A copy of the app's AuthManager without its resolved guards (custom drivers are kept). */
    private function isolatedAuth(): AuthManager
    {
        $auth = clone $this->app['auth'];
        (function () {
            $this->guards = [];
            $this->userResolver = fn ($guard = null) => $this->guard($guard)->user();
        })->call($auth);

        return $auth;
    }

    private function cookieJar(): CookieJar
    {
        $config = $this->app['config'];

        return (new CookieJar)->setDefaultPathAndDomain(
            (string) $config->get('session.path', '/'),
            $config->get('session.domain'),
            (bool) $config->get('session.secure', false),
            $config->get('session.same_site')
        );
    }

    private function buildRequest(Request $outer, RelayCall $call, Store $session): Request
    {
        $uri = $outer->getSchemeAndHttpHost().$outer->getBaseUrl().'/'.ltrim($call->pathWithQuery(), '/');

        $server = [];
        foreach (['SCRIPT_NAME', 'SCRIPT_FILENAME', 'PHP_SELF', 'REMOTE_ADDR', 'SERVER_SOFTWARE', 'DOCUMENT_ROOT'] as $key) {
            if ($outer->server->has($key)) {
                $server[$key] = $outer->server->get($key);
            }
        }
        if (isset($server['SCRIPT_NAME'])) {
            $server['PHP_SELF'] = $server['SCRIPT_NAME'];
        }

        foreach ($call->headers as $header) {
            $key = strtoupper(str_replace('-', '_', $header['name']));
            $key = in_array($key, ['CONTENT_TYPE', 'CONTENT_LENGTH', 'CONTENT_MD5'], true) ? $key : 'HTTP_'.$key;
            $server[$key] = isset($server[$key]) ? $server[$key].', '.$header['value'] : $header['value'];
        }
        if ($call->header('X-CSRF-TOKEN') === null && $call->header('X-XSRF-TOKEN') === null) {
            $server['HTTP_X_CSRF_TOKEN'] = $session->token();
        }

        $cookies = self::parseCookieHeader($call->header('Cookie'));
        $authorization = $call->authorization;
        if ($authorization['type'] === 'current-user') {
            // The browser's own cookies, still encrypted: the target's EncryptCookies reads them.
            $cookies += self::parseCookieHeader($outer->headers->get('Cookie'));
        }
        $header = $call->authorizationHeader();
        if ($header !== null) {
            $server['HTTP_AUTHORIZATION'] = $header;
        }
        if ($authorization['type'] === 'basic') {
            $server['PHP_AUTH_USER'] = $authorization['username'];
            $server['PHP_AUTH_PW'] = $authorization['password'];
        }
        if ($cookies !== []) {
            $server['HTTP_COOKIE'] = implode('; ', array_map(static fn ($name, $value) => $name.'='.rawurlencode($value), array_keys($cookies), $cookies));
        } else {
            unset($server['HTTP_COOKIE']);
        }

        [$parameters, $files, $content, $contentType] = $this->bodyParts($call);
        if ($contentType !== null && ! isset($server['CONTENT_TYPE'])) {
            $server['CONTENT_TYPE'] = $contentType;
        }
        if (in_array($call->method, ['GET', 'HEAD'], true)) {
            $parameters = [];
        }

        return Request::create($uri, $call->method, $parameters, $cookies, $files, $server, $content);
    }

    /** @return array{0: array, 1: array, 2: ?string, 3: ?string} parameters, files, content, content type */
    private function bodyParts(RelayCall $call): array
    {
        $body = $call->body;
        switch ($body['type']) {
            case 'json':
                return [[], [], $body['text'], 'application/json'];
            case 'raw':
                return [[], [], $body['text'], $call->rawContentType()];
            case 'form':
                $encoded = $call->formBody();
                parse_str($encoded, $parameters);

                return [$parameters, [], $encoded, 'application/x-www-form-urlencoded'];
            case 'multipart':
                $texts = [];
                $files = [];
                foreach ($body['fields'] as $index => $field) {
                    if ($field['kind'] === 'text') {
                        $texts[] = urlencode($field['name']).'='.urlencode($field['value']);
                        continue;
                    }
                    $path = tempnam(sys_get_temp_dir(), 'kite-upload-');
                    file_put_contents($path, $field['data']);
                    register_shutdown_function(static fn () => @unlink($path));
                    $placeholder = '__kite_file_'.$index;
                    parse_str(urlencode($field['name']).'='.$placeholder, $shape);
                    $upload = new UploadedFile($path, $field['filename'], $field['contentType'] ?: 'application/octet-stream', UPLOAD_ERR_OK, true);
                    array_walk_recursive($shape, static function (&$value) use ($placeholder, $upload) {
                        if ($value === $placeholder) {
                            $value = $upload;
                        }
                    });
                    $files = array_merge_recursive($files, $shape);
                }
                parse_str(implode('&', $texts), $parameters);

                return [$parameters, $files, null, 'multipart/form-data; boundary=kite-relay'];
            default:
                return [[], [], null, null];
        }
    }

    /** @return array<string, string> name => raw (URL-decoded) value */
    private static function parseCookieHeader(?string $header): array
    {
        $cookies = [];
        foreach (explode(';', (string) $header) as $part) {
            $eq = strpos($part, '=');
            if ($eq === false) {
                continue;
            }
            $name = trim(substr($part, 0, $eq));
            if ($name !== '' && ! array_key_exists($name, $cookies)) {
                $cookies[$name] = urldecode(trim(substr($part, $eq + 1)));
            }
        }

        return $cookies;
    }

    private static function bodyOf(Response $response): string
    {
        $content = $response->getContent();
        if ($content !== false) {
            return (string) $content;
        }

        // Streamed and file responses write their body instead of holding it.
        ob_start();
        try {
            $response->sendContent();
        } finally {
            $content = (string) ob_get_clean();
        }

        return $content;
    }

    /** @return list<array{0: string, 1: string}> */
    private static function headersOf(Response $response): array
    {
        $headers = [];
        foreach ($response->headers->allPreserveCaseWithoutCookies() as $name => $values) {
            foreach ($values as $value) {
                $headers[] = [$name, (string) $value];
            }
        }
        foreach ($response->headers->getCookies() as $cookie) {
            $headers[] = ['Set-Cookie', (string) $cookie];
        }

        return $headers;
    }

    private function cookiesOf(Response $response): array
    {
        $reader = new Cookies(Cookies::encrypterOf($this->app));
        $cookies = [];
        foreach ($response->headers->getCookies() as $cookie) {
            $parsed = $reader->parse((string) $cookie);
            if ($parsed !== null) {
                $cookies[] = $parsed;
            }
        }

        return $cookies;
    }
}
