<?php

namespace Kite\Trace;

use Symfony\Component\HttpFoundation\Response;
use Symfony\Component\VarDumper\Cloner\Data;
use Symfony\Component\VarDumper\Dumper\CliDumper;

/**
 * Thrown by the dump handler when the relayed call runs dd(): it ends the request in place of dd()'s
 * exit, and ReportingHandler renders it as dd() would answer a browser (500, the dumped values)
 * without reporting it. An Error, not an Exception, so the app's `catch (Exception $e)` lets it pass.
 *
 * @internal
 */
final class DdCalled extends \Error
{
    /** @param  list<Data>  $values */
    public function __construct(private array $values)
    {
        parent::__construct('dd() ended the request');
    }

    public function response(): Response
    {
        $dumper = new CliDumper;
        $dumper->setColors(false);
        $text = '';
        foreach ($this->values as $value) {
            $text .= $dumper->dump($value, true);
        }

        // Symfony's dd() answers 500 outside the CLI (VarDumper 5.2 and later).
        return new Response($text, 500, ['Content-Type' => 'text/plain; charset=UTF-8']);
    }
}
