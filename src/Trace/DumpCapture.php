<?php

namespace Kite\Trace;

use Symfony\Component\VarDumper\VarDumper;

/**
 * Takes over Symfony VarDumper's handler during a relayed call: every dump() becomes a trace entry
 * (a JSON tree with the file:line that dumped it, secret-looking keys masked) instead of HTML echoed
 * into the relay's answer,
 * and dd() records its values and throws DdCalled rather than exit, so the relay still answers.
 */
final class DumpCapture
{
    /** @var callable|null */
    private $previous = null;

    public function __construct(private Trace $trace)
    {
    }

    public function start(): void
    {
        $this->previous = VarDumper::setHandler(function ($value) {
            $this->dump($value);
        });
    }

    public function stop(): void
    {
        VarDumper::setHandler($this->previous);
        $this->previous = null;
    }

    private function dump(mixed $value): void
    {
        $backtrace = debug_backtrace(0);
        $dd = null;
        $from = 1;
        foreach ($backtrace as $index => $frame) {
            if (isset($frame['class'])) {
                if ($frame['class'] === VarDumper::class && $frame['function'] === 'dump') {
                    $from = $index;
                }
                continue;
            }
            if (in_array($frame['function'], ['dd', 'dump'], true)) {
                $from = $index;
                if ($frame['function'] === 'dd') {
                    $dd = $frame['args'] ?? [$value];
                }
                break;
            }
        }
        $where = $this->trace->source->caller($backtrace, $from);
        $cloner = DumpTree::cloner();

        if ($dd === null) {
            $this->trace->add('dumps', ['value' => $this->trace->masked(DumpTree::ofData($cloner->cloneVar($value)->withMaxDepth(DumpTree::MAX_DEPTH)))] + $where);

            return;
        }

        // dd(a, b): the handler is called for `a` only, as the request ends here; take every
        // argument from dd()'s own frame.
        $values = $dd === [] ? [$value] : array_values($dd);
        $data = array_map(static fn ($each) => $cloner->cloneVar($each)->withMaxDepth(DumpTree::MAX_DEPTH), $values);
        foreach ($data as $index => $each) {
            $this->trace->add('dumps', ['value' => $this->trace->masked(DumpTree::ofData($each))] + $where + ($index === count($data) - 1 ? ['isDd' => true] : []));
        }

        // The 500 body as dd() writes it, with secret-looking keys and properties masked like the trace's.
        $maskingCloner = DumpTree::cloner();
        $maskingCloner->addCasters(['*' => static fn (object $object, array $properties): array => Secrets::maskProperties($properties)]);
        throw new DdCalled(array_map(static fn ($each) => $maskingCloner->cloneVar(Secrets::mask($each))->withMaxDepth(DumpTree::MAX_DEPTH), $values));
    }
}
