<?php

namespace Kite\Trace;

use Illuminate\Contracts\Debug\ExceptionHandler;
use Throwable;

/**
 * The app's exception handler during a relayed call: everything goes to the app's own handler, and
 * the exception it reports is written to the trace. A dd() (DdCalled) is not reported; it renders
 * as dd() answers.
 *
 * @internal
 */
final class ReportingHandler implements ExceptionHandler
{
    public function __construct(private ExceptionHandler $inner, private Trace $trace)
    {
    }

    public function report(Throwable $e)
    {
        if ($e instanceof DdCalled) {
            return;
        }
        if ($this->inner->shouldReport($e)) {
            $this->trace->setException($this->trace->source->exception($e));
        }

        return $this->inner->report($e);
    }

    public function shouldReport(Throwable $e)
    {
        return ! $e instanceof DdCalled && $this->inner->shouldReport($e);
    }

    public function render($request, Throwable $e)
    {
        if ($e instanceof DdCalled) {
            return $e->response();
        }
        $response = $this->inner->render($request, $e);
        // Refusals are not reported (auth, authorization, throttling): named here, as they render.
        $refusal = Authorizations::refusal($request, $e, method_exists($response, 'getStatusCode') ? $response->getStatusCode() : 500);
        if ($refusal !== null) {
            $this->trace->setRefusedBy($refusal);
        }

        return $response;
    }

    public function renderForConsole($output, Throwable $e)
    {
        return $this->inner->renderForConsole($output, $e);
    }

    public function __call(string $method, array $arguments): mixed
    {
        return $this->inner->$method(...$arguments);
    }
}
