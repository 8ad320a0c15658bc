<?php

// PHPUnit bootstrap. On Laravel 12 (KITE_LARAVEL_APP, see tests/php/laravel12.mjs) the app's own
// PHPUnit has loaded its Composer autoloader (Laravel, the app, Kite as composer installed it), and
// only the tests' namespace is added; otherwise the fixture's autoloader (Debian's Laravel + PSR-4).
if (getenv('KITE_LARAVEL_APP')) {
    require_once getenv('KITE_LARAVEL_APP').'/vendor/autoload.php';
    spl_autoload_register(static function (string $class): void {
        if (str_starts_with($class, 'Kite\\Tests\\')) {
            $file = __DIR__.'/'.str_replace('\\', '/', substr($class, strlen('Kite\\Tests\\'))).'.php';
            if (is_file($file)) {
                require $file;
            }
        }
    });
} else {
    require __DIR__.'/fixture/autoload.php';
}
