<?php

namespace Kite\Trace\Watchers;

use Illuminate\Contracts\Events\Dispatcher;
use Illuminate\Events\Dispatcher as EventDispatcher;
use Kite\Trace\Recording;

/**
 * The app's own events whose listeners ran, which transaction mode does not undo and names
 * (trace.notUndone.listeners). Needs Laravel's dispatcher: it counts the listeners it holds.
 */
final class ListenerWatcher implements Watcher
{
    public function register(Dispatcher $events, Recording $recording): void
    {
        if (! $events instanceof EventDispatcher) {
            return;
        }
        $events->listen('*', static function ($name) use ($events, $recording) {
            $notUndone = $recording->trace()?->notUndone;
            if ($notUndone === null || ! is_string($name) || str_starts_with($name, 'Illuminate\\') || str_starts_with($name, 'Kite\\')) {
                return;
            }
            $listeners = self::listenerCount($events, $name);
            if ($listeners > 0) {
                $notUndone->listenersRan($name, $listeners);
            }
        });
    }

    /**
     * The listeners an event of the app has, by its name or (an event object) its class, parents and
     * interfaces; the wildcard listeners (Kite's own among them) are not counted.
     */
    private static function listenerCount(EventDispatcher $events, string $name): int
    {
        return (function (string $name) {
            $names = [$name];
            if (class_exists($name, false)) {
                $names = [...$names, ...array_values(class_parents($name)), ...array_values(class_implements($name))];
            }
            $count = 0;
            foreach ($names as $each) {
                $count += count($this->listeners[$each] ?? []);
            }

            return $count;
        })->call($events, $name);
    }
}
