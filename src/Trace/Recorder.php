<?php

namespace Kite\Trace;

use Illuminate\Contracts\Events\Dispatcher;
use Kite\Trace\Watchers\CacheWatcher;
use Kite\Trace\Watchers\GateWatcher;
use Kite\Trace\Watchers\HttpClientWatcher;
use Kite\Trace\Watchers\JobWatcher;
use Kite\Trace\Watchers\ListenerWatcher;
use Kite\Trace\Watchers\LogWatcher;
use Kite\Trace\Watchers\MailWatcher;
use Kite\Trace\Watchers\NotificationWatcher;
use Kite\Trace\Watchers\QueryWatcher;
use Kite\Trace\Watchers\Watcher;

/**
 * Records what the app does during a relayed call into its Trace: registers every watcher (one per
 * event family, src/Trace/Watchers) once per dispatcher, and holds the recording they write into.
 * Outside a relayed call the watchers' listeners do nothing.
 */
final class Recorder
{
    /** @var list<class-string<Watcher>> */
    public const WATCHERS = [
        GateWatcher::class,
        QueryWatcher::class,
        LogWatcher::class,
        MailWatcher::class,
        NotificationWatcher::class,
        JobWatcher::class,
        HttpClientWatcher::class,
        CacheWatcher::class,
        ListenerWatcher::class,
    ];

    private static ?Recording $recording = null;

    private static ?\WeakReference $listeningOn = null;

    public static function start(Dispatcher $events, Trace $trace): void
    {
        $recording = self::$recording ??= new Recording;
        if (self::$listeningOn?->get() !== $events) {
            foreach (self::WATCHERS as $watcher) {
                (new $watcher)->register($events, $recording);
            }
            self::$listeningOn = \WeakReference::create($events);
        }
        $recording->begin($trace);
    }

    public static function stop(): void
    {
        self::$recording?->end();
    }

    public static function active(): ?Trace
    {
        return self::$recording?->trace();
    }
}
