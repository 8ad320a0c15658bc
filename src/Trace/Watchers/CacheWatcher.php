<?php

namespace Kite\Trace\Watchers;

use Illuminate\Cache\Events\KeyForgotten;
use Illuminate\Cache\Events\KeyWritten;
use Illuminate\Contracts\Events\Dispatcher;
use Kite\Trace\Recording;

/** Cache writes and forgets, which transaction mode does not undo and names (trace.notUndone.cache). */
final class CacheWatcher implements Watcher
{
    public function register(Dispatcher $events, Recording $recording): void
    {
        $events->listen(KeyWritten::class, static function (KeyWritten $event) use ($recording) {
            $recording->trace()?->notUndone?->cache((string) $event->key, 'write');
        });
        $events->listen(KeyForgotten::class, static function (KeyForgotten $event) use ($recording) {
            $recording->trace()?->notUndone?->cache((string) $event->key, 'forget');
        });
    }
}
