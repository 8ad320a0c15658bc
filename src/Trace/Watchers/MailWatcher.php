<?php

namespace Kite\Trace\Watchers;

use Illuminate\Contracts\Events\Dispatcher;
use Illuminate\Mail\Events\MessageSending;
use Kite\Trace\Mails;
use Kite\Trace\Recording;

/**
 * Mails (trace.mails). In transaction mode (Trace::holdBack) the listener answers false, which
 * tells Laravel's mailer not to send.
 */
final class MailWatcher implements Watcher
{
    public function register(Dispatcher $events, Recording $recording): void
    {
        $events->listen(MessageSending::class, static function (MessageSending $event) use ($recording) {
            $trace = $recording->trace();
            if ($trace === null) {
                return null;
            }
            $trace->add('mails', Mails::describe($event->message) + ['sent' => ! $trace->holdBack]);

            return $trace->holdBack ? false : null;
        });
    }
}
