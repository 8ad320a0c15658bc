<?php

namespace Kite\Run;

/** A usage or file problem of `php artisan kite:run`: its message names the option or file; exit status 2. */
final class RunError extends \RuntimeException
{
}
