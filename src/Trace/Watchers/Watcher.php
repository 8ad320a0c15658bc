<?php

namespace Kite\Trace\Watchers;

use Illuminate\Contracts\Events\Dispatcher;
use Kite\Trace\Recording;

/**
 * One family of the app's events (queries, logs, mails, …) and the trace entries it makes of them.
 * Registered once per dispatcher by the Recorder; its listeners write into the recording's Trace
 * and do nothing while no relayed call is recorded.
 */
interface Watcher
{
    public function register(Dispatcher $events, Recording $recording): void;
}
