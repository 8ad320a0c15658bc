<?php

return [

    /*
    | Turns Kite on or off. When off, none of Kite's routes exist and every Kite URL is a plain 404.
    */
    'enabled' => env('KITE_ENABLED', true),

    /*
    | The URI path Kite is mounted at: the client opens at https://your-app.test/{path}.
    */
    'path' => env('KITE_PATH', 'http-client'),

    /*
    | The domain Kite's routes answer on (e.g. 'tools.your-app.test'); null answers on every domain.
    */
    'domain' => env('KITE_DOMAIN'),

    /*
    | Host names Kite answers on besides APP_URL's host and localhost (127.0.0.1, ::1), e.g.
    | ['app.test', '*.app.test'] ('*.' covers the subdomains); KITE_ALLOWED_HOSTS takes them comma-
    | separated. A request for Kite with any other Host, or an API call from another Origin, is
    | refused with 403, so a web page that rebinds its own domain to this server cannot use Kite.
    */
    'allowed_hosts' => array_values(array_filter(array_map('trim', explode(',', (string) env('KITE_ALLOWED_HOSTS', ''))))),

    /*
    | Middleware of Kite's routes. Keep 'web': the relay needs the session (to send requests as the
    | logged-in user) and the app's CSRF check (every relay call carries the X-XSRF-TOKEN header).
    */
    'middleware' => ['web'],

    /*
    | Environments where anyone may open Kite. In every other environment the 'viewKite' gate
    | decides (define it in a service provider: Gate::define('viewKite', fn ($user) => ...)); users it
    | refuses, and guests, get a plain 404.
    */
    'environments' => ['local'],

    /*
    | The applications Kite lists routes for and sends requests to. For each one:
    | - 'name': shown in the client;
    | - 'prefixes': the route URI prefixes whose routes are listed ('api' lists api/*; '' lists all);
    | - 'base_url': where relayed requests go; null means this application, whose routes are called
    |   in-process through its HTTP kernel (no network hop, so single-worker servers such as
    |   `php artisan serve` never deadlock). Any other URL is called with Laravel's HTTP client.
    */
    'applications' => [
        [
            'name' => env('APP_NAME', 'Laravel'),
            'prefixes' => ['api'],
            'base_url' => null,
        ],
    ],

    /*
    | Headers added to every request the client composes, as name => value. A value may be a
    | generator id prefixed with 'generator:' (e.g. 'generator:uuid') to get a fresh value each time.
    */
    'global_headers' => [
        'Accept' => 'application/json',
    ],

    /*
    | "Impersonate User with ID": sends one request authenticated as any user, by id, through the
    | given guard (null: the default guard). Off unless KITE_IMPERSONATION=true; while off, such
    | requests are refused with 'Impersonation is not configured for this host'.
    */
    'impersonation' => [
        'enabled' => env('KITE_IMPERSONATION', false),
        'guard' => env('KITE_IMPERSONATION_GUARD'),
    ],

    /*
    | Auth injectors: how a relayed call reaches its route as the user ("Impersonate User with ID",
    | or the logged-in user), chosen per route from the guards its middleware names (`auth:sanctum`,
    | `auth:api`, `auth` = the default guard); the first guard that can be served is used.
    | - 'guards': guard name or driver => injector class (a name wins over a driver). A session
    |   guard needs none in-process (the relay logs the user in for the call). Shipped:
    |   SanctumTokenInjector: a Sanctum personal access token (5 minutes) sent as the bearer, revoked
    |     after the call; RememberMeCookieInjector: the session guard's remember-me cookie, for calls
    |     over HTTP to 'self_urls' (a token made for the call is cleared after it);
    |   JwtAuthInjector: a tymon/jwt-auth token (JWTAuth::fromUser), invalidated after the call
    |     (untested: the package is not installed where Kite is tested).
    |   A guard no injector serves (e.g. passport) refuses an impersonation with a 422 naming it.
    | - 'middleware': route middleware (group or class) => injector run on every call to the route.
    |   CsrfTokenInjector: for POST/PUT/PATCH/DELETE to 'web' routes over HTTP to 'self_urls', a
    |   session of its own holding a CSRF token, sent as X-CSRF-TOKEN (destroyed after the call).
    | - 'self_urls': base URLs where this same application answers (its APP_KEY, database and session
    |   store), e.g. an application's base_url served by another worker; only to those do the
    |   injectors send cookies and tokens over HTTP (KITE_SELF_URLS, comma-separated).
    | A custom injector implements Kite\Auth\Injector (see the README's "Laravel: guards and auth injectors").
    */
    'auth' => [
        'injectors' => [
            'guards' => [
                'sanctum' => \Kite\Auth\SanctumTokenInjector::class,
                'session' => \Kite\Auth\RememberMeCookieInjector::class,
                'jwt' => \Kite\Auth\JwtAuthInjector::class,
            ],
            'middleware' => [
                'web' => \Kite\Auth\CsrfTokenInjector::class,
            ],
        ],
        'self_urls' => array_values(array_filter(array_map('trim', explode(',', (string) env('KITE_SELF_URLS', ''))))),
    ],

    /*
    | Data pickers: a search over the users to impersonate and over the rows of a model a route
    | binds (`{user}`), the values of the tables that `exists:` rules name and values `unique:`
    | rules' tables do not hold yet (for auto-fill), read through the app's connection (read-only,
    | at most 20 rows a search). null: on in the `local` environment only; true/false: always on/off.
    */
    'data_pickers' => env('KITE_DATA_PICKERS'),

    /*
    | The relay that sends the client's requests:
    | - 'timeout': seconds to wait for a target outside this application;
    | - 'max_body_mb': response bodies larger than this are cut and flagged as truncated;
    | - 'allowed_urls': base URLs outside this application that requests may go to, besides the
    |   applications' own base URLs (Kite is not an open proxy: anything else is refused with 403).
    */
    'relay' => [
        'timeout' => 30,
        'max_body_mb' => 100,
        'allowed_urls' => [],
    ],

    /*
    | The workspace folder: saved requests (requests/NAME.json) and environments
    | (environments/NAME.json) that the client lists, opens and saves, to commit with the project.
    | Secret variables and credentials are never written there. A folder the web server may not
    | write to is shown as read-only.
    */
    'workspace' => env('KITE_WORKSPACE', base_path('.kite')),

];
