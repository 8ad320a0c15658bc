<?php

namespace Kite\Auth;

use RuntimeException;

/** An injector that cannot serve this call; its message says why (shown when no other one could). */
final class InjectorUnavailable extends RuntimeException
{
}
