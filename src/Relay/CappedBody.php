<?php

namespace Kite\Relay;

use GuzzleHttp\Psr7\StreamDecoratorTrait;
use GuzzleHttp\Psr7\Utils;
use Psr\Http\Message\StreamInterface;

/**
 * Guzzle's sink for a target's body: keeps the first $maxBytes bytes and refuses the chunk that
 * goes past them, which makes the HTTP client stop reading and close the connection. So a body
 * above kite.relay.max_body_mb, or one that never ends, is never downloaded whole.
 */
final class CappedBody implements StreamInterface
{
    use StreamDecoratorTrait;

    /** Bytes that arrived, the refused chunk included. */
    public int $received = 0;

    private StreamInterface $stream;

    public function __construct(private int $maxBytes)
    {
        $this->stream = Utils::streamFor('');
    }

    public function write($string): int
    {
        $room = $this->maxBytes - $this->received;
        $this->received += strlen($string);
        if ($room > 0) {
            $this->stream->write(substr($string, 0, $room));
        }

        // Fewer bytes than given (0) makes curl abort the transfer and Guzzle's stream handler stop copying.
        return $this->wasCut() ? 0 : strlen($string);
    }

    /** Whether more arrived than was kept. */
    public function wasCut(): bool
    {
        return $this->received > $this->maxBytes;
    }

    /** The kept bytes. */
    public function kept(): string
    {
        $this->stream->rewind();

        return $this->stream->getContents();
    }
}
