<?php

namespace Kite\Relay;

/**
 * HTTP Digest authentication (RFC 7616) for the relay's `digest` authorization, as the Node host
 * answers it (server/relay/digest.mjs): reads the target's `WWW-Authenticate: Digest …` challenge
 * (MD5 or SHA-256, `-sess` too; qop `auth`, or `auth-int` alone) and computes the `Authorization`
 * answer. The same for the app's own routes (in-process) and for other targets.
 */
final class Digest
{
    /** The algorithms answered, strongest first. */
    private const HASHES = ['SHA-256' => 'sha256', 'MD5' => 'md5'];

    /**
     * Sends the call, and when the target answers its `digest` authorization with a 401 Digest
     * challenge, sends it once more, body unchanged, with the answer. A second 401 is the answer.
     *
     * @param  callable(RelayCall): (RelayResult|RelayStream)  $send
     */
    public static function send(RelayCall $call, callable $send): RelayResult|RelayStream
    {
        $first = $send($call);
        if ($call->authorization['type'] !== 'digest' || ! $first instanceof RelayResult || $first->status !== 401) {
            return $first;
        }
        $values = array_map(static fn ($header) => $header[1], array_filter($first->headers, static fn ($header) => strcasecmp($header[0], 'WWW-Authenticate') === 0));
        $challenge = self::challenge($values);
        if ($challenge === null) {
            return $first;
        }
        $path = parse_url($first->url, PHP_URL_PATH) ?: '/';
        $query = parse_url($first->url, PHP_URL_QUERY);
        $uri = $path.($query !== null && $query !== false ? '?'.$query : '');
        $answer = self::authorization($challenge, $call->method, $uri, $call->authorization['username'], $call->authorization['password'], $call->bodyBytes());
        $second = $send($call->withHeader('Authorization', $answer));

        return $second instanceof RelayResult ? $second->afterChallenge($first->totalMs) : $second;
    }

    /**
     * The challenges of `WWW-Authenticate` values (one value may hold several): scheme and parameters.
     *
     * @param  list<string>  $values
     * @return list<array{scheme: string, params: array<string, string>}>
     */
    public static function challenges(array $values): array
    {
        $challenges = [];
        $part = '/\G\s*,?\s*([!#$%&\'*+.^_`|~0-9A-Za-z-]+)(?:\s*=\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^\s,]*))|\s+(?=[^\s=,]+\s*=)|\s*(?=,|$))/';
        foreach ($values as $value) {
            $offset = 0;
            while ($offset < strlen($value) && preg_match($part, $value, $match, PREG_UNMATCHED_AS_NULL, $offset) === 1 && $match[0] !== '') {
                $offset += strlen($match[0]);
                [$name, $quoted, $token] = [$match[1], $match[2] ?? null, $match[3] ?? null];
                if ($quoted === null && $token === null) {
                    $challenges[] = ['scheme' => strtolower($name), 'params' => []];
                } elseif ($challenges !== []) {
                    $challenges[count($challenges) - 1]['params'][strtolower($name)] = $quoted !== null ? preg_replace('/\\\\(.)/', '$1', $quoted) : $token;
                }
            }
        }

        return $challenges;
    }

    /**
     * The Digest challenge Kite can answer, SHA-256 preferred over MD5; null when there is none.
     *
     * @param  list<string>  $values
     * @return ?array{realm: string, nonce: string, opaque: ?string, algorithm: string, session: bool, qop: string}
     */
    public static function challenge(array $values): ?array
    {
        $usable = [];
        foreach (self::challenges($values) as ['scheme' => $scheme, 'params' => $params]) {
            if ($scheme !== 'digest' || ! isset($params['realm']) || ($params['nonce'] ?? '') === '') {
                continue;
            }
            $named = strtoupper($params['algorithm'] ?? 'MD5');
            $session = str_ends_with($named, '-SESS');
            $algorithm = $session ? substr($named, 0, -5) : $named;
            $offered = array_map(static fn ($qop) => strtolower(trim($qop)), explode(',', $params['qop'] ?? ''));
            $qop = ! isset($params['qop']) ? '' : (in_array('auth', $offered, true) ? 'auth' : (in_array('auth-int', $offered, true) ? 'auth-int' : null));
            if (isset(self::HASHES[$algorithm]) && $qop !== null) {
                $usable[] = ['realm' => $params['realm'], 'nonce' => $params['nonce'], 'opaque' => $params['opaque'] ?? null, 'algorithm' => $algorithm, 'session' => $session, 'qop' => $qop];
            }
        }
        foreach ($usable as $challenge) {
            if ($challenge['algorithm'] === 'SHA-256') {
                return $challenge;
            }
        }

        return $usable[0] ?? null;
    }

    /**
     * The `Authorization` header value answering $challenge for one request ($uri: path and query as sent).
     *
     * @param  array{realm: string, nonce: string, opaque: ?string, algorithm: string, session: bool, qop: string}  $challenge
     */
    public static function authorization(array $challenge, string $method, string $uri, string $username, string $password, string $body, ?string $cnonce = null): string
    {
        $hash = static fn (string $text) => hash(self::HASHES[$challenge['algorithm']], $text);
        $cnonce ??= bin2hex(random_bytes(16));
        // Kite answers each challenge once, so the nonce count is always 1.
        $nc = '00000001';
        $ha1 = $hash("{$username}:{$challenge['realm']}:{$password}");
        if ($challenge['session']) {
            $ha1 = $hash("{$ha1}:{$challenge['nonce']}:{$cnonce}");
        }
        $ha2 = $hash($challenge['qop'] === 'auth-int' ? "{$method}:{$uri}:".$hash($body) : "{$method}:{$uri}");
        $response = $challenge['qop'] !== ''
            ? $hash("{$ha1}:{$challenge['nonce']}:{$nc}:{$cnonce}:{$challenge['qop']}:{$ha2}")
            : $hash("{$ha1}:{$challenge['nonce']}:{$ha2}");
        $quote = static fn (string $text) => '"'.addcslashes($text, '"\\').'"';
        $params = [
            'username='.$quote($username),
            'realm='.$quote($challenge['realm']),
            'nonce='.$quote($challenge['nonce']),
            'uri='.$quote($uri),
            'algorithm='.$challenge['algorithm'].($challenge['session'] ? '-sess' : ''),
            'response='.$quote($response),
        ];
        if ($challenge['opaque'] !== null) {
            $params[] = 'opaque='.$quote($challenge['opaque']);
        }
        if ($challenge['qop'] !== '') {
            array_push($params, 'qop='.$challenge['qop'], 'nc='.$nc, 'cnonce='.$quote($cnonce));
        }

        return 'Digest '.implode(', ', $params);
    }
}
