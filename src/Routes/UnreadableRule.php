<?php

namespace Kite\Routes;

/** A rule expression the static reader could not evaluate (e.g. `'in:'.implode(',', $roles)`). */
final class UnreadableRule
{
    public function __construct(public readonly string $source)
    {
    }
}
