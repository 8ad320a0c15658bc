<?php

namespace Kite\Relay;

use GuzzleHttp\Client as GuzzleClient;
use Illuminate\Http\Client\Factory as HttpFactory;
use Illuminate\Contracts\Encryption\Encrypter;
use Psr\Http\Message\ResponseInterface;
use Throwable;

/**
 * Sends a relayed request to a target outside this application (one listed in config/kite.php)
 * with Laravel's HTTP client. Redirects are reported, not followed; bodies are not decoded. The
 * body is streamed into a CappedBody: past the cap the connection is closed and the call answers
 * at once with what was kept, flagged as truncated.
 */
final class ExternalDispatcher
{
    public function __construct(private HttpFactory $http, private ?Encrypter $encrypter = null)
    {
    }

    /** @throws RelayError for an unreachable target (502) or a timeout (504) */
    public function dispatch(RelayCall $call, string $url, float $timeoutSeconds, int $maxBodyBytes): RelayResult
    {
        if (! class_exists(GuzzleClient::class)) {
            throw new RelayError(502, 'TARGET_UNREACHABLE', 'Relaying outside this application needs guzzlehttp/guzzle (composer require guzzlehttp/guzzle).');
        }

        $headers = [];
        foreach ($call->headers as $header) {
            $headers[$header['name']] = isset($headers[$header['name']]) ? $headers[$header['name']].', '.$header['value'] : $header['value'];
        }
        $authorization = $call->authorizationHeader();
        if ($authorization !== null) {
            $headers['Authorization'] = $authorization;
        }
        if ($call->authorization['type'] === 'none') {
            // curl would send `user:password@` of the URL as Basic credentials; `none` sends none.
            $url = (string) preg_replace('#^([a-z][a-z0-9+.-]*://)[^/?\#@]*@#i', '$1', $url);
        }

        $options = [
            'allow_redirects' => false,
            'http_errors' => false,
            'decode_content' => false,
            'timeout' => $timeoutSeconds,
            'connect_timeout' => min($timeoutSeconds, 10),
        ];
        $body = $call->body;
        switch ($body['type']) {
            case 'json':
                $options['body'] = $body['text'];
                $headers += ['Content-Type' => 'application/json'];
                break;
            case 'raw':
                $options['body'] = $body['text'];
                $headers += ['Content-Type' => $call->rawContentType()];
                break;
            case 'form':
                $options['body'] = $call->formBody();
                $headers += ['Content-Type' => 'application/x-www-form-urlencoded'];
                break;
            case 'multipart':
                $options['multipart'] = array_map(static fn ($field) => $field['kind'] === 'text'
                    ? ['name' => $field['name'], 'contents' => $field['value'], 'headers' => ['Content-Disposition' => self::disposition($field['name'])]]
                    : ['name' => $field['name'], 'contents' => $field['data'], 'filename' => $field['filename'], 'headers' => [
                        'Content-Disposition' => self::disposition($field['name'], $field['filename']),
                        'Content-Type' => $field['contentType'],
                    ]], $body['fields']);
                break;
        }

        $body = new CappedBody($maxBodyBytes);
        $options['sink'] = $body;
        $head = null;
        $ttfb = null;
        $started = hrtime(true);
        $options['on_headers'] = static function (ResponseInterface $response) use (&$head, &$ttfb, $started) {
            $head = $response;
            $ttfb = (hrtime(true) - $started) / 1e6;
        };
        try {
            $psr = $this->http->withHeaders($headers)->withOptions($options)->send($call->method, $url)->toPsrResponse();
        } catch (Throwable $error) {
            // Refusing the chunk past the cap ends the transfer with an error; the head arrived before.
            if (! $body->wasCut() || $head === null) {
                throw self::failure($error, $url);
            }
            $psr = $head;
        }
        $total = (hrtime(true) - $started) / 1e6;
        $headerList = [];
        $cookies = [];
        $reader = new Cookies($this->encrypter);
        foreach ($psr->getHeaders() as $name => $values) {
            foreach ($values as $value) {
                $headerList[] = [$name, $value];
                if (strcasecmp($name, 'Set-Cookie') === 0 && ($cookie = $reader->parse($value)) !== null) {
                    $cookies[] = $cookie;
                }
            }
        }

        return new RelayResult(
            $psr->getStatusCode(),
            $psr->getReasonPhrase() ?: RelayResult::statusText($psr->getStatusCode()),
            $headerList,
            $cookies,
            $body->kept(),
            $url,
            min($ttfb ?? $total, $total),
            $total,
            $body->wasCut() ? max($body->received, (int) $psr->getHeaderLine('Content-Length')) : null,
            // Cut without a declared length, the size is only what arrived before the cut.
            sizeKnown: ! $body->wasCut() || (int) $psr->getHeaderLine('Content-Length') >= $body->received,
        );
    }

    /**
     * A part's Content-Disposition, its name and file name written as the Node host writes them
     * (server/multipart.mjs): CR, LF and `"` as %0D, %0A and %22, so a name cannot end its quoted
     * string or its header line, and the file name is kept whole (Guzzle's own takes its basename).
     */
    private static function disposition(string $name, ?string $filename = null): string
    {
        $quote = static fn (string $value) => str_replace(["\r", "\n", '"'], ['%0D', '%0A', '%22'], $value);

        return 'form-data; name="'.$quote($name).'"'.($filename === null ? '' : '; filename="'.$quote($filename).'"');
    }

    private static function failure(Throwable $error, string $url): RelayError
    {
        $message = $error->getMessage();
        if (str_contains($message, 'cURL error 28') || stripos($message, 'timed out') !== false) {
            return new RelayError(504, 'TARGET_TIMEOUT', "The target {$url} did not answer in time.");
        }

        return new RelayError(502, 'TARGET_UNREACHABLE', "The target {$url} could not be reached: ".$message);
    }
}
