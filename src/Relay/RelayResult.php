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
    ) {
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

        $meta = [
            'status' => $this->status,
            'statusText' => $this->statusText,
            'headers' => $this->headers,
            'cookies' => $this->cookies,
            'bodySize' => $size,
            'bodyBytes' => strlen($body),
            'truncated' => $truncated,
            ...($this->sizeKnown ? [] : ['bodySizeKnown' => false]),
            'url' => $this->url,
            'timing' => ['ttfbMs' => round($this->ttfbMs, 3), 'totalMs' => round($this->totalMs, 3)],
        ];
        if ($this->appMs !== null) {
            $meta['timing']['appMs'] = round($this->appMs, 3);
        }
        if ($this->status >= 300 && $this->status < 400) {
            foreach ($this->headers as [$name, $value]) {
                if (strcasecmp($name, 'Location') === 0) {
                    $meta['redirectLocation'] = $value;
                    break;
                }
            }
        }
        $meta['routesRevision'] = $routesRevision;
        if ($this->trace !== null) {
            $meta['trace'] = $this->trace;
        }

        $line = json_encode($meta, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE | JSON_PRESERVE_ZERO_FRACTION | JSON_THROW_ON_ERROR);

        return new Response($line."\n".$body, 200, [
            'Content-Type' => 'application/vnd.kite.relay-frame',
            'Cache-Control' => 'no-store',
            'X-Content-Type-Options' => 'nosniff',
        ]);
    }

    public static function statusText(int $status): string
    {
        return Response::$statusTexts[$status] ?? '';
    }
}
