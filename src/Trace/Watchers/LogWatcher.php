<?php

namespace Kite\Trace\Watchers;

use Illuminate\Contracts\Events\Dispatcher;
use Illuminate\Log\Events\MessageLogged;
use Kite\Trace\DumpTree;
use Kite\Trace\Recording;
use Kite\Trace\Trace;
use Throwable;

/** Log lines (trace.logs): level, message and the context as plain JSON with secrets masked. */
final class LogWatcher implements Watcher
{
    public function register(Dispatcher $events, Recording $recording): void
    {
        $events->listen(MessageLogged::class, static function (MessageLogged $event) use ($recording) {
            $trace = $recording->trace();
            $trace?->add('logs', [
                'level' => (string) $event->level,
                'message' => is_string($event->message) ? $event->message : (string) json_encode($event->message),
                'context' => (object) (self::context($trace, $event->context) ?? []),
            ]);
        });
    }

    /**
     * The log's context as plain JSON: objects through VarCloner (a model as its toArray()), then
     * every value under a secret-looking key masked, at any depth.
     */
    private static function context(Trace $trace, array $context): ?array
    {
        if ($context === []) {
            return null;
        }
        foreach ($context as $key => $value) {
            if ($value instanceof Throwable) {
                $context[$key] = get_class($value).': '.$value->getMessage();
            }
        }
        $tree = $trace->masked(DumpTree::of($context, 4));

        return is_array($tree) ? $tree : ['value' => $tree];
    }
}
