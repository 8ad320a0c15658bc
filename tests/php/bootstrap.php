<?php

// PHPUnit bootstrap: the fixture's autoloader (Debian's Laravel + PSR-4 for Kite\, App\, tests).
require __DIR__.'/fixture/autoload.php';
