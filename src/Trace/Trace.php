<?php

namespace Kite\Trace;

/**
 * What one in-process relayed call did, as RelayResponseMeta.trace (protocol/types.ts RelayTrace).
 * Each list keeps at most MAX_ENTRIES entries.
 */
final class Trace
{
    public const MAX_ENTRIES = 1000;

    /** @var array<string, list<array>> */
    private array $lists = ['authorization' => [], 'queries' => [], 'logs' => [], 'dumps' => [], 'mails' => [], 'notifications' => [], 'jobs' => [], 'http' => []];

    private ?array $exception = null;

    private ?float $appTimeMs = null;

    private ?bool $rolledBack = null;

    private ?array $refusedBy = null;

    /** How many values were masked as secret (Secrets) in this trace. */
    private int $masked = 0;

    /** In transaction mode: what it did not undo. */
    public readonly ?NotUndone $notUndone;

    /**
     * @param  bool  $holdBack  transaction mode: mails, notifications and jobs are recorded, not sent
     * @param  bool  $holdHttp  hold outgoing HTTP: the app's Http:: calls are answered by a fake
     */
    public function __construct(public readonly Source $source, public readonly bool $holdBack = false, public readonly bool $holdHttp = false)
    {
        $this->notUndone = $holdBack ? new NotUndone : null;
    }

    public function add(string $list, array $entry): void
    {
        if (count($this->lists[$list]) < self::MAX_ENTRIES) {
            $this->lists[$list][] = $entry;
        }
    }

    /** The entry added last to a list, to complete it (an HTTP call's response). */
    public function &last(string $list, int $index): array
    {
        return $this->lists[$list][$index];
    }

    public function count(string $list): int
    {
        return count($this->lists[$list]);
    }

    /** The JSON-like value with its secret-looking keys' values masked, counted in `masked`. */
    public function masked(mixed $value): mixed
    {
        return Secrets::mask($value, $this->masked);
    }

    /** Counts values masked elsewhere (a query's bindings). */
    public function countMasked(int $count): void
    {
        $this->masked += $count;
    }

    public function setException(array $exception): void
    {
        $this->exception = $exception;
    }

    public function setAppTime(float $milliseconds): void
    {
        $this->appTimeMs = round($milliseconds, 3);
    }

    /** The route middleware that refused the call (Authorizations::refusal). */
    public function setRefusedBy(array $refusal): void
    {
        $this->refusedBy = $refusal;
    }

    public function setRolledBack(bool $rolledBack): void
    {
        $this->rolledBack = $rolledBack;
    }

    public function toArray(): array
    {
        $trace = $this->lists;
        if ($this->exception !== null) {
            $trace['exception'] = $this->exception;
        }
        if ($this->refusedBy !== null) {
            $trace['refusedBy'] = $this->refusedBy;
        }
        if ($this->appTimeMs !== null) {
            $trace['appTimeMs'] = $this->appTimeMs;
        }
        if ($this->rolledBack !== null) {
            $trace['rolledBack'] = $this->rolledBack;
        }
        if ($this->masked > 0) {
            $trace['masked'] = $this->masked;
        }
        if ($this->notUndone !== null) {
            $sent = array_filter($this->lists['http'], static fn (array $call) => ! ($call['held'] ?? false));
            $trace['notUndone'] = $this->notUndone->toArray(count($sent));
        }

        return $trace;
    }
}
