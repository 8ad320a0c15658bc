<?php

namespace Kite\Routes;

/** A route's controller class or method that does not exist, with what to change. */
final class MissingAction extends \RuntimeException
{
    public function __construct(string $message, public readonly string $fix)
    {
        parent::__construct($message);
    }
}
