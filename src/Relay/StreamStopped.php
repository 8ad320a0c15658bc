<?php

namespace Kite\Relay;

/**
 * Thrown from inside the app's own write to end a streamed body early (see RelayStream). An Error,
 * not an Exception, so the app's `catch (Exception $e)` lets it pass, as it does DdCalled.
 *
 * @internal
 */
final class StreamStopped extends \Error
{
    public function __construct()
    {
        parent::__construct('Kite stopped relaying this body');
    }
}
