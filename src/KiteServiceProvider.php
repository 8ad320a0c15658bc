<?php

namespace Kite;

use Illuminate\Contracts\Debug\ExceptionHandler;
use Illuminate\Support\Facades\Gate;
use Illuminate\Support\Facades\Route;
use Illuminate\Support\ServiceProvider;
use Kite\Console\ImportCommand;
use Kite\Console\InstallCommand;
use Kite\Console\PublishCommand;
use Kite\Console\RunCommand;
use Kite\Http\Controllers\DataController;
use Kite\Http\Controllers\PageController;
use Kite\Http\Controllers\OAuthTokenController;
use Kite\Http\Controllers\RelayController;
use Kite\Http\Controllers\RunController;
use Kite\Http\Controllers\RoutesController;
use Kite\Http\Controllers\StatusController;
use Kite\Http\Controllers\WorkspaceController;
use Kite\Http\Middleware\Authorize;
use Kite\Http\Middleware\Gatekeeper;
use Kite\Http\Middleware\ProtocolErrors;
use Kite\Http\Middleware\VerifyXsrfToken;
use Kite\Http\ProtocolExceptions;
use Kite\Workspace\WorkspaceFolder;

class KiteServiceProvider extends ServiceProvider
{
    public function register(): void
    {
        $this->mergeConfigFrom(Kite::packagePath('stubs/config/kite.php'), 'kite');
        $this->app->bind(WorkspaceFolder::class, static fn () => new WorkspaceFolder((string) (config('kite.workspace') ?: base_path('.kite'))));
    }

    public function boot(): void
    {
        $this->definePublishing();
        $this->defineGate();

        if ($this->app->runningInConsole()) {
            $this->commands([InstallCommand::class, PublishCommand::class, RunCommand::class, ImportCommand::class]);
        }

        if (config('kite.enabled')) {
            $this->registerRoutes();
            $this->callAfterResolving(ExceptionHandler::class, static fn (ExceptionHandler $handler) => ProtocolExceptions::register($handler));
        }
    }

    private function definePublishing(): void
    {
        $this->publishes([
            Kite::packagePath('stubs/config/kite.php') => config_path('kite.php'),
        ], 'kite-config');

        // 'laravel-assets' is the tag the Laravel skeleton's composer post-update hook publishes
        // with --force, so `composer update` keeps the published bundle in step with the package.
        $this->publishes([
            Kite::packagePath('dist') => public_path(Kite::ASSETS_PATH),
        ], ['kite-assets', 'laravel-assets']);
    }

    /** Denies everyone by default; an application's own definition (booted later) replaces it. */
    private function defineGate(): void
    {
        if (! Gate::has('viewKite')) {
            Gate::define('viewKite', static fn ($user = null) => false);
        }
    }

    private function registerRoutes(): void
    {
        Route::group([
            'domain' => config('kite.domain'),
            'prefix' => Kite::path(),
            // Gatekeeper and ProtocolErrors come first so they also see the app's own CSRF failure (a 419 page).
            'middleware' => array_merge([Gatekeeper::class, ProtocolErrors::class], (array) config('kite.middleware', ['web']), [Authorize::class]),
            'as' => 'kite.',
        ], static function () {
            Route::get('api/routes', RoutesController::class)->name('routes');
            Route::get('api/routes/index', [RoutesController::class, 'index'])->name('routes.index');
            Route::get('api/status', StatusController::class)->name('status');
            Route::get('api/data', DataController::class)->name('data');
            Route::post('api/relay', RelayController::class)->middleware(VerifyXsrfToken::class)->name('relay');
            Route::post('api/run', RunController::class)->middleware(VerifyXsrfToken::class)->name('run');
            Route::post('api/oauth/token', OAuthTokenController::class)->middleware(VerifyXsrfToken::class)->name('oauth.token');
            Route::get('api/workspace', [WorkspaceController::class, 'index'])->name('workspace');
            Route::get('api/workspace/files/{file}', [WorkspaceController::class, 'show'])->where('file', '.*')->name('workspace.show');
            Route::put('api/workspace/files/{file}', [WorkspaceController::class, 'update'])->where('file', '.*')->middleware(VerifyXsrfToken::class)->name('workspace.update');
            Route::delete('api/workspace/files/{file}', [WorkspaceController::class, 'destroy'])->where('file', '.*')->middleware(VerifyXsrfToken::class)->name('workspace.destroy');
            Route::any('api/{any}', [PageController::class, 'unknownEndpoint'])->where('any', '.*')->name('api.unknown');
            Route::get('{view?}', [PageController::class, 'show'])->where('view', '(.*)')->name('page');
            // Every other method too, so that none reaches the router's own 405 or OPTIONS answer,
            // which would skip Authorize.
            Route::match(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'], '{view?}', [PageController::class, 'methodNotAllowed'])->where('view', '(.*)')->name('page.other-methods');
        });
    }
}
