<?php

namespace Kite\Trace\Watchers;

use Illuminate\Auth\Access\Events\GateEvaluated;
use Illuminate\Contracts\Events\Dispatcher;
use Kite\Trace\Authorizations;
use Kite\Trace\Recording;

/** Gate and policy checks (trace.authorization): the ability, the answer and where it was asked. */
final class GateWatcher implements Watcher
{
    public function register(Dispatcher $events, Recording $recording): void
    {
        $events->listen(GateEvaluated::class, static function (GateEvaluated $event) use ($recording) {
            $trace = $recording->trace();
            $trace?->add('authorization', Authorizations::describe($event, $trace->source, debug_backtrace(DEBUG_BACKTRACE_IGNORE_ARGS)));
        });
    }
}
