<?php

namespace Kite\Trace\Watchers;

use Illuminate\Contracts\Events\Dispatcher;
use Illuminate\Notifications\Events\NotificationSending;
use Kite\Trace\Recording;

/**
 * Notifications (trace.notifications): class, channel, notifiable. In transaction mode
 * (Trace::holdBack) the listener answers false, which tells Laravel's notification sender not to send.
 */
final class NotificationWatcher implements Watcher
{
    public function register(Dispatcher $events, Recording $recording): void
    {
        $events->listen(NotificationSending::class, static function (NotificationSending $event) use ($recording) {
            $trace = $recording->trace();
            if ($trace === null) {
                return null;
            }
            $notifiable = $event->notifiable;
            $key = is_object($notifiable) && method_exists($notifiable, 'getKey') ? $notifiable->getKey() : null;
            $trace->add('notifications', [
                'notification' => get_class($event->notification),
                'channel' => is_string($event->channel) ? $event->channel : get_debug_type($event->channel),
                'notifiable' => get_debug_type($notifiable).($key !== null && is_scalar($key) ? '#'.$key : ''),
                'sent' => ! $trace->holdBack,
            ]);

            return $trace->holdBack ? false : null;
        });
    }
}
