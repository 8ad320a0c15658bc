<?php

// The fixture's wiring on Laravel 12's slim skeleton (tests/php/laravel12.mjs copies it over the
// skeleton's bootstrap/app.php): what tests/php/fixture does with app/Http/Kernel.php and
// RouteServiceProvider on Laravel 8, done here the way a Laravel 11+ application does it.

use App\Http\Middleware\Authenticate;
use App\Models\User;
use Illuminate\Foundation\Application;
use Illuminate\Foundation\Configuration\Exceptions;
use Illuminate\Foundation\Configuration\Middleware;
use Illuminate\Support\Facades\Route;

return Application::configure(basePath: dirname(__DIR__))
    ->withRouting(
        web: __DIR__.'/../routes/web.php',
        api: __DIR__.'/../routes/api.php',
        commands: __DIR__.'/../routes/console.php',
        health: '/up',
        then: static function () {
            Route::model('owner', User::class);
            // A route the skeleton's own file registers, beside routes/api.php (RoutesTest lists it).
            Route::middleware('api')->prefix('api')->get('registered-in-bootstrap', fn () => ['from' => 'bootstrap/app.php'])->name('bootstrap.registered');
            // A payload as a spatie/laravel-data object (installed in the Laravel 12 app only): RoutesTest reads its schema.
            Route::middleware('api')->prefix('api')->post('orders', fn (\App\Data\OrderData $order) => response()->json($order, 201))->name('orders.store');
            // A Data object returned (its declared return type): RoutesTest reads the response's shape.
            Route::middleware('api')->prefix('api')->get('orders/sample', fn (): \App\Data\OrderData => \App\Data\OrderData::from([
                'customer' => 'Ada', 'email' => 'ada@example.test', 'address' => ['street' => '1 Loop Road', 'zip' => '12345'],
                'lines' => [['sku' => 'KITE-1', 'quantity' => 2]], 'payment' => 'card',
            ]))->name('orders.sample');
        },
    )
    ->withMiddleware(function (Middleware $middleware): void {
        // Left unencrypted, so the relay's cookie decryption can be told apart from plain cookies.
        $middleware->encryptCookies(except: ['plain_cookie']);
        // Like Sanctum's stateful SPA mode: API routes read the browser session, without CSRF.
        $middleware->prependToGroup('api', [
            \Illuminate\Cookie\Middleware\EncryptCookies::class,
            \Illuminate\Cookie\Middleware\AddQueuedCookiesToResponse::class,
            \Illuminate\Session\Middleware\StartSession::class,
        ]);
        // The fixture has no login page: guests get a 401.
        $middleware->alias(['auth' => Authenticate::class]);
    })
    ->withExceptions(function (Exceptions $exceptions): void {
        //
    })->create();
