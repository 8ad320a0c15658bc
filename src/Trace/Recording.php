<?php

namespace Kite\Trace;

/**
 * What the watchers write into: the Trace of the relayed call being recorded, or none (outside a
 * relayed call every listener does nothing), and what a watcher keeps while one recording runs
 * (HTTP: when each outgoing call started), dropped whenever recording starts or stops.
 */
final class Recording
{
    private ?Trace $trace = null;

    /** @var array<string, array> watcher class => its state for this recording */
    private array $scratch = [];

    public function begin(Trace $trace): void
    {
        $this->trace = $trace;
        $this->scratch = [];
    }

    public function end(): void
    {
        $this->trace = null;
        $this->scratch = [];
    }

    public function trace(): ?Trace
    {
        return $this->trace;
    }

    /** The state $watcher keeps for this recording, by reference; empty when recording starts. */
    public function &scratch(string $watcher): array
    {
        $this->scratch[$watcher] ??= [];

        return $this->scratch[$watcher];
    }
}
