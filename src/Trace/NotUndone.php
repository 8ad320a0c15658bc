<?php

namespace Kite\Trace;

/**
 * What transaction mode did not undo or hold back (protocol/types.ts TraceNotUndone): the rollback
 * covers database writes only, and only while the app leaves Kite's transaction open. Each list
 * keeps at most Trace::MAX_ENTRIES entries.
 */
final class NotUndone
{
    /** @var list<array{connection: string, message: string}> */
    private array $lostTransactions = [];

    /** @var list<array{disk: string, path: string, operation: string}> */
    private array $files = [];

    /** @var list<array{key: string, operation: string}> */
    private array $cache = [];

    /** @var array<string, int> event name => its listeners */
    private array $listeners = [];

    /** @var list<string> */
    private array $syncJobs = [];

    public function lostTransaction(string $connection, string $message): void
    {
        self::push($this->lostTransactions, ['connection' => $connection, 'message' => $message]);
    }

    public function file(string $disk, string $path, string $operation): void
    {
        self::push($this->files, ['disk' => $disk, 'path' => $path, 'operation' => $operation]);
    }

    public function cache(string $key, string $operation): void
    {
        self::push($this->cache, ['key' => $key, 'operation' => $operation]);
    }

    /** An event the app dispatched whose listeners ran; named once however often it was dispatched. */
    public function listenersRan(string $event, int $listeners): void
    {
        if (isset($this->listeners[$event]) || count($this->listeners) < Trace::MAX_ENTRIES) {
            $this->listeners[$event] = $listeners;
        }
    }

    public function syncJob(string $job): void
    {
        if (count($this->syncJobs) < Trace::MAX_ENTRIES) {
            $this->syncJobs[] = $job;
        }
    }

    public function hasLostTransaction(): bool
    {
        return $this->lostTransactions !== [];
    }

    /** @param  int  $outgoingRequests  outgoing HTTP requests sent, not held */
    public function toArray(int $outgoingRequests): array
    {
        $listeners = [];
        foreach ($this->listeners as $event => $count) {
            $listeners[] = ['event' => (string) $event, 'listeners' => $count];
        }

        return [
            'lostTransactions' => $this->lostTransactions,
            'files' => $this->files,
            'cache' => $this->cache,
            'outgoingRequests' => $outgoingRequests,
            'listeners' => $listeners,
            'syncJobs' => $this->syncJobs,
        ];
    }

    private static function push(array &$list, array $entry): void
    {
        if (count($list) < Trace::MAX_ENTRIES) {
            $list[] = $entry;
        }
    }
}
