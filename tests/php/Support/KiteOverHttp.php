<?php

namespace Kite\Tests\Support;

/**
 * Kite under `php -S` called like a browser: a cookie jar per test, the XSRF-TOKEN cookie sent
 * back as X-XSRF-TOKEN, relay answers split into status, frame metadata (or error) and body.
 */
trait KiteOverHttp
{
    private string $cookieJar;

    /** The server Kite answers on. */
    abstract protected function kiteServer(): PhpServer;

    /** @return array{0: int, 1: string, 2: string} status, content type, body */
    private function http(string $method, string $path, ?array $json = null): array
    {
        $curl = curl_init($this->kiteServer()->url($path));
        $headers = ['Accept: application/json'];
        if ($json !== null) {
            $headers[] = 'Content-Type: application/json';
            $headers[] = 'X-XSRF-TOKEN: '.$this->xsrfCookie();
        }
        curl_setopt_array($curl, [
            CURLOPT_CUSTOMREQUEST => $method,
            CURLOPT_RETURNTRANSFER => true,
            CURLOPT_COOKIEJAR => $this->cookieJar,
            CURLOPT_COOKIEFILE => $this->cookieJar,
            CURLOPT_HTTPHEADER => $headers,
            CURLOPT_POSTFIELDS => $json === null ? null : json_encode($json),
            // A deadlocked single worker would hang here; fail fast instead.
            CURLOPT_TIMEOUT => 10,
        ]);
        $body = curl_exec($curl);
        $this->assertNotFalse($body, 'the server answered: '.curl_error($curl));
        $status = curl_getinfo($curl, CURLINFO_RESPONSE_CODE);
        $type = (string) curl_getinfo($curl, CURLINFO_CONTENT_TYPE);
        curl_close($curl);

        return [$status, $type, $body];
    }

    private function xsrfCookie(): string
    {
        foreach (file($this->cookieJar) as $line) {
            $fields = explode("\t", trim($line));
            if (count($fields) === 7 && $fields[5] === 'XSRF-TOKEN') {
                return urldecode($fields[6]);
            }
        }
        $this->fail('the page set no XSRF-TOKEN cookie');
    }

    /** @return array{0: int, 1: array, 2: ?string} the relay's status, the frame's metadata (or the error), the body */
    private function relayOverHttp(array $request): array
    {
        [$status, $type, $body] = $this->http('POST', '/http-client/api/relay', $request + ['method' => 'GET', 'headers' => [['name' => 'Accept', 'value' => 'application/json']], 'query' => [], 'body' => ['type' => 'none']]);
        if ($type !== 'application/vnd.kite.relay-frame') {
            return [$status, json_decode($body, true), null];
        }
        $newline = strpos($body, "\n");

        return [$status, json_decode(substr($body, 0, $newline), true), substr($body, $newline + 1)];
    }
}
