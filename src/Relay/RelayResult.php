<?php

namespace Kite\Relay;

use Symfony\Component\HttpFoundation\Response;

/** What the target answered, ready to be framed (RelayResponseMeta + raw body bytes). */
final class RelayResult
{
    /**
     * @param  list<array{0: string, 1: string}>  $headers  in order, repeated ones kept
     * @param  list<array<string, mixed>>  $cookies
     * @param  ?int  $cutFromSize  the size the body had before the dispatcher cut it, if it did
     */
    public function __construct(
        public readonly int $status,
        public readonly string $statusText,
        public readonly array $headers,
        public readonly array $cookies,
        public readonly string $body,
        public readonly string $url,
        public readonly float $ttfbMs,
        public readonly float $totalMs,
        public readonly ?int $cutFromSize = null,
        /** RelayResponseMeta.trace, for hosts that know what happened inside the target */
        public readonly ?array $trace = null,
        /** RelayTiming.appMs: the time inside the application, for calls run in-process */
        public readonly ?float $appMs = null,
        /** False when a cut body's full size is unknown: bodySize is then a lower bound */
        public readonly bool $sizeKnown = true,
        /** RelayTiming.challengeMs: Digest's first exchange (sent without credentials, answered 401) */
        public readonly ?float $challengeMs = null,
    ) {
    }

    /** This answer as the second of a Digest exchange whose challenge took $challengeMs: the total counts both. */
    public function afterChallenge(float $challengeMs): self
    {
        return new self($this->status, $this->statusText, $this->headers, $this->cookies, $this->body, $this->url, $this->ttfbMs, $challengeMs + $this->totalMs, $this->cutFromSize, $this->trace, $this->appMs, $this->sizeKnown, $challengeMs);
    }

    /**
     * The framed response: one line of JSON metadata, `\n`, then the body (cut at $maxBodyBytes).
     * $routesRevision is the routes endpoint's current revision, so the app can tell routes changed.
     */
    public function toFrame(int $maxBodyBytes, string $routesRevision): Response
    {
        $size = $this->cutFromSize ?? strlen($this->body);
        $body = strlen($this->body) > $maxBodyBytes ? substr($this->body, 0, $maxBodyBytes) : $this->body;
        $truncated = $size > strlen($body);

        $meta = $this->responseMeta() + [
            'bodySize' => $size,
            'bodyBytes' => strlen($body),
            'truncated' => $truncated,
            ...($this->sizeKnown ? [] : ['bodySizeKnown' => false]),
            'timing' => ['ttfbMs' => round($this->ttfbMs, 3), 'totalMs' => round($this->totalMs, 3)],
        ];
        if ($this->appMs !== null) {
            $meta['timing']['appMs'] = round($this->appMs, 3);
        }
        if ($this->challengeMs !== null) {
            $meta['timing']['challengeMs'] = round($this->challengeMs, 3);
        }
        $meta['routesRevision'] = $routesRevision;
        if ($this->trace !== null) {
            $meta['trace'] = $this->trace;
        }

        return new Response(self::jsonLine($meta).$body, 200, self::FRAME_HEADERS);
    }

    /**
     * The head of a streamed frame (protocol RelayStreamHead, frame-stream.js): what is known at
     * the first byte; the body, its size, the total time and the trace come after it.
     */
    public function streamHead(string $routesRevision): array
    {
        return ['streaming' => true] + $this->responseMeta() + [
            'timing' => ['ttfbMs' => round($this->ttfbMs, 3)],
            'routesRevision' => $routesRevision,
        ];
    }

    /** Headers of every relay frame the host answers. */
    public const FRAME_HEADERS = [
        'Content-Type' => 'application/vnd.kite.relay-frame',
        'Cache-Control' => 'no-store',
        'X-Content-Type-Options' => 'nosniff',
    ];

    /** One JSON line of a frame (its metadata line, a streamed frame's trailer), newline included. */
    public static function jsonLine(array $value): string
    {
        return json_encode($value, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE | JSON_PRESERVE_ZERO_FRACTION | JSON_THROW_ON_ERROR)."\n";
    }

    /** What the target answered, as every frame's metadata line states it. */
    private function responseMeta(): array
    {
        $meta = [
            'status' => $this->status,
            'statusText' => $this->statusText,
            'headers' => $this->headers,
            'cookies' => $this->cookies,
            'url' => $this->url,
        ];
        if ($this->status >= 300 && $this->status < 400) {
            foreach ($this->headers as [$name, $value]) {
                if (strcasecmp($name, 'Location') === 0) {
                    $meta['redirectLocation'] = $value;
                    break;
                }
            }
        }

        return $meta;
    }

    public static function statusText(int $status): string
    {
        return Response::$statusTexts[$status] ?? '';
    }
}
