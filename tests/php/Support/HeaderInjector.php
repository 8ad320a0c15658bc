<?php

namespace Kite\Tests\Support;

use Illuminate\Contracts\Auth\Authenticatable;
use Kite\Auth\Injector;
use Kite\Auth\OutgoingRequest;

/** The README's custom injector: the user's email in the header a custom guard reads. */
class HeaderInjector implements Injector
{
    public static int $cleanedUp = 0;

    public function inject(?Authenticatable $user, OutgoingRequest $request): void
    {
        $request->withHeader('X-Fixture-User', $user->email);
    }

    public function after(): void
    {
        self::$cleanedUp++;
    }
}
