<?php

namespace Kite\Relay;

use GuzzleHttp\Client as GuzzleClient;
use Illuminate\Http\Client\Factory as HttpFactory;
use Illuminate\Contracts\Encryption\Encrypter;
use Throwable;

/**
 * Sends a relayed request to a target outside this application (one listed in config/kite.php)
 * with Laravel's HTTP client. Redirects are reported, not followed; bodies are not decoded.
 */
final class ExternalDispatcher
{
    public function __construct(private HttpFactory $http, private ?Encrypter $encrypter = null)
    {
    }

    /** @throws RelayError for an unreachable target (502) or a timeout (504) */
    public function dispatch(RelayCall $call, string $url, float $timeoutSeconds): RelayResult
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
                    ? ['name' => $field['name'], 'contents' => $field['value']]
                    : ['name' => $field['name'], 'contents' => $field['data'], 'filename' => $field['filename'], 'headers' => ['Content-Type' => $field['contentType']]], $body['fields']);
                break;
        }

        $started = hrtime(true);
        try {
            $response = $this->http->withHeaders($headers)->withOptions($options)->send($call->method, $url);
        } catch (Throwable $error) {
            throw self::failure($error, $url);
        }
        $total = (hrtime(true) - $started) / 1e6;
        $stats = method_exists($response, 'handlerStats') ? $response->handlerStats() : [];
        $ttfb = isset($stats['starttransfer_time']) ? $stats['starttransfer_time'] * 1000 : $total;

        $psr = $response->toPsrResponse();
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
            (string) $psr->getBody(),
            $url,
            min($ttfb, $total),
            $total,
        );
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
