<?php

namespace Kite\Relay;

/**
 * A validated RelayRequest (protocol/types.ts). Every field is checked here, so the dispatchers
 * can trust its shape; a bad field is a 422 naming it.
 */
final class RelayCall
{
    public const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

    public const AUTHORIZATION_TYPES = ['current-user', 'impersonate', 'none', 'bearer', 'basic', 'digest', 'api-key'];

    public const API_KEY_LOCATIONS = ['header', 'query', 'cookie'];

    /** The bounds of `timeoutMs` (protocol: 1 to 600 000 ms); only a JSON integer in between is one. */
    public const MIN_TIMEOUT_MS = 1;

    public const MAX_TIMEOUT_MS = 600_000;

    /** Headers that carry credentials: `none` sends none of them, also when typed into the list. */
    private const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie'];

    /**
     * @param  list<array{name: string, value: string}>  $headers
     * @param  list<array{name: string, value: string}>  $query
     */
    private function __construct(
        public readonly ?string $application,
        public readonly string $method,
        public readonly string $url,
        public readonly array $headers,
        public readonly array $query,
        public readonly array $body,
        public readonly array $authorization,
        public readonly ?int $timeoutMs,
        public readonly bool $transaction = false,
        public readonly bool $holdOutgoingHttp = false,
    ) {
    }

    /** @throws RelayError */
    public static function fromPayload(mixed $payload): self
    {
        if (! is_array($payload) || array_is_list($payload) && $payload !== []) {
            throw RelayError::invalid('body', 'The relay request must be a JSON object.');
        }

        $application = $payload['application'] ?? null;
        if ($application !== null && (! is_string($application) || $application === '')) {
            throw RelayError::invalid('application', 'application must be the id of one of the applications.');
        }

        $method = $payload['method'] ?? null;
        if (! is_string($method) || ! in_array(strtoupper($method), self::METHODS, true)) {
            throw RelayError::invalid('method', 'method must be one of '.implode(', ', self::METHODS).'.');
        }

        $url = $payload['url'] ?? null;
        if (! is_string($url) || trim($url) === '') {
            throw RelayError::invalid('url', 'url must be a non-empty string (a path relative to the application).');
        }
        // A backslash is a slash to some servers and not to others, so it could slip past the allow-list.
        if (preg_match('/[\x00-\x1F\x7F\\\\]/', $url) === 1) {
            throw RelayError::invalid('url', 'url must not contain line breaks, other control characters or backslashes.');
        }

        // is_int: after json_decode, 0.5, 1.0 and 1e19 are floats and "500" a string; none is a timeout.
        // Absent is the default; null is not a timeout (the schema's type is integer).
        $timeout = $payload['timeoutMs'] ?? null;
        if (array_key_exists('timeoutMs', $payload) && (! is_int($timeout) || $timeout < self::MIN_TIMEOUT_MS || $timeout > self::MAX_TIMEOUT_MS)) {
            throw RelayError::invalid('timeoutMs', 'timeoutMs must be a whole number of milliseconds from '.self::MIN_TIMEOUT_MS.' to '.self::MAX_TIMEOUT_MS.'.');
        }

        $authorization = self::authorization($payload['authorization'] ?? ['type' => 'none']);

        foreach (['transaction', 'holdOutgoingHttp'] as $flag) {
            if (! is_bool($payload[$flag] ?? false)) {
                throw RelayError::invalid($flag, $flag.' must be true or false.');
            }
        }

        return new self(
            $application,
            strtoupper($method),
            trim($url),
            self::withApiKey(self::withoutReplacedCredentials(self::pairs($payload, 'headers'), $authorization['type']), $authorization, 'header'),
            self::withApiKey(self::pairs($payload, 'query'), $authorization, 'query'),
            self::body($payload['body'] ?? ['type' => 'none']),
            $authorization,
            $timeout,
            $payload['transaction'] ?? false,
            $payload['holdOutgoingHttp'] ?? false,
        );
    }

    /**
     * The typed headers that are sent: `none` drops every credential header, `bearer` and `basic`
     * drop a typed Authorization (theirs replaces it), as the Node host does.
     *
     * @param  list<array{name: string, value: string}>  $headers
     * @return list<array{name: string, value: string}>
     */
    private static function withoutReplacedCredentials(array $headers, string $type): array
    {
        $dropped = match ($type) {
            'none', 'api-key' => self::CREDENTIAL_HEADERS,
            'bearer', 'basic', 'digest' => ['authorization'],
            default => [],
        };

        return array_values(array_filter($headers, static fn ($header) => ! in_array(strtolower($header['name']), $dropped, true)));
    }

    /**
     * An `api-key` authorization's key added where it goes (in place of a typed pair of its name);
     * a key in a cookie is a Cookie header (typed ones are gone: api-key sends no other credential).
     *
     * @param  list<array{name: string, value: string}>  $pairs
     * @return list<array{name: string, value: string}>
     */
    private static function withApiKey(array $pairs, array $authorization, string $list): array
    {
        if ($authorization['type'] !== 'api-key') {
            return $pairs;
        }
        $in = $authorization['in'];
        if ($list === 'query' && $in === 'query') {
            $pairs = array_values(array_filter($pairs, static fn ($pair) => $pair['name'] !== $authorization['name']));
            $pairs[] = ['name' => $authorization['name'], 'value' => $authorization['value']];
        } elseif ($list === 'header' && $in === 'header') {
            $pairs = array_values(array_filter($pairs, static fn ($pair) => strtolower($pair['name']) !== strtolower($authorization['name'])));
            $pairs[] = ['name' => $authorization['name'], 'value' => $authorization['value']];
        } elseif ($list === 'header' && $in === 'cookie') {
            $pairs[] = ['name' => 'Cookie', 'value' => $authorization['name'].'='.$authorization['value']];
        }

        return $pairs;
    }

    /**
     * Refuses a value that would break out of its header line (CR, LF, NUL, other control
     * characters but tab, DEL) or that HTTP cannot carry (characters beyond Latin-1).
     *
     * @throws RelayError
     */
    private static function headerSafe(string $value, string $field): string
    {
        if (preg_match('/[^\t\x{20}-\x{7E}\x{80}-\x{FF}]/u', $value) === 1) {
            throw RelayError::invalid($field, "{$field} must not contain line breaks, control characters or characters beyond Latin-1.");
        }

        return $value;
    }

    /** @return list<array{name: string, value: string}> */
    private static function pairs(array $payload, string $key, ?string $label = null): array
    {
        $list = $payload[$key] ?? [];
        $key = $label ?? $key;
        if (! is_array($list) || ! array_is_list($list)) {
            throw RelayError::invalid($key, "{$key} must be a list of { name, value } pairs.");
        }
        $pairs = [];
        foreach ($list as $index => $pair) {
            if (! is_array($pair) || ! is_string($pair['name'] ?? null) || trim($pair['name']) === '') {
                throw RelayError::invalid("{$key}[{$index}].name", "{$key}[{$index}].name must be a non-empty string.");
            }
            if (! is_string($pair['value'] ?? null)) {
                throw RelayError::invalid("{$key}[{$index}].value", "{$key}[{$index}].value must be a string.");
            }
            if ($key === 'headers') {
                if (preg_match('/^[!#$%&\'*+\-.^_`|~0-9A-Za-z]+$/', trim($pair['name'])) !== 1) {
                    throw RelayError::invalid("headers[{$index}].name", "headers[{$index}].name is not a valid header name.");
                }
                self::headerSafe($pair['value'], "headers[{$index}].value");
            }
            $pairs[] = ['name' => trim($pair['name']), 'value' => $pair['value']];
        }

        return $pairs;
    }

    private static function body(mixed $body): array
    {
        $type = is_array($body) ? ($body['type'] ?? null) : null;
        switch ($type) {
            case 'none':
                return ['type' => 'none'];
            case 'json':
                if (! is_string($body['text'] ?? null)) {
                    throw RelayError::invalid('body.text', 'body.text must be a string holding the JSON document.');
                }

                return ['type' => 'json', 'text' => $body['text']];
            case 'raw':
                if (! is_string($body['text'] ?? null)) {
                    throw RelayError::invalid('body.text', 'body.text must be a string.');
                }
                if (isset($body['contentType']) && ! is_string($body['contentType'])) {
                    throw RelayError::invalid('body.contentType', 'body.contentType must be a string.');
                }
                if (isset($body['contentType'])) {
                    self::headerSafe($body['contentType'], 'body.contentType');
                }

                return ['type' => 'raw', 'text' => $body['text'], 'contentType' => $body['contentType'] ?? null];
            case 'form':
                return ['type' => 'form', 'fields' => self::pairs(['fields' => $body['fields'] ?? null], 'fields', 'body.fields')];
            case 'multipart':
                return ['type' => 'multipart', 'fields' => self::multipartFields($body['fields'] ?? null)];
            default:
                throw RelayError::invalid('body.type', 'body.type must be one of none, json, form, multipart, raw.');
        }
    }

    private static function multipartFields(mixed $fields): array
    {
        if (! is_array($fields) || ! array_is_list($fields)) {
            throw RelayError::invalid('body.fields', 'body.fields must be a list of multipart fields.');
        }
        $result = [];
        foreach ($fields as $index => $field) {
            $at = "body.fields[{$index}]";
            if (! is_array($field) || ! is_string($field['name'] ?? null) || $field['name'] === '') {
                throw RelayError::invalid("{$at}.name", "{$at}.name must be a non-empty string.");
            }
            $kind = $field['kind'] ?? null;
            if ($kind === 'text') {
                if (! is_string($field['value'] ?? null)) {
                    throw RelayError::invalid("{$at}.value", "{$at}.value must be a string.");
                }
                $result[] = ['name' => $field['name'], 'kind' => 'text', 'value' => $field['value']];
            } elseif ($kind === 'file') {
                foreach (['filename', 'contentType', 'base64'] as $key) {
                    if (! is_string($field[$key] ?? null)) {
                        throw RelayError::invalid("{$at}.{$key}", "{$at}.{$key} must be a string.");
                    }
                }
                self::headerSafe($field['contentType'], "{$at}.contentType");
                $data = base64_decode($field['base64'], true);
                if ($data === false) {
                    throw RelayError::invalid("{$at}.base64", "{$at}.base64 is not valid base64.");
                }
                $result[] = ['name' => $field['name'], 'kind' => 'file', 'filename' => $field['filename'], 'contentType' => $field['contentType'], 'data' => $data];
            } else {
                throw RelayError::invalid("{$at}.kind", "{$at}.kind must be text or file.");
            }
        }

        return $result;
    }

    private static function authorization(mixed $authorization): array
    {
        $type = is_array($authorization) ? ($authorization['type'] ?? null) : null;
        switch ($type) {
            case 'none':
            case 'current-user':
                return ['type' => $type];
            case 'bearer':
                if (! is_string($authorization['token'] ?? null)) {
                    throw RelayError::invalid('authorization.token', 'authorization.token must be a string.');
                }

                return ['type' => 'bearer', 'token' => self::headerSafe($authorization['token'], 'authorization.token')];
            case 'basic':
                // Both travel base64-encoded as UTF-8 (RFC 7617): any character but a control one may be in them.
                foreach (['username', 'password'] as $key) {
                    if (! is_string($authorization[$key] ?? null) || preg_match('/[\x00-\x1F\x7F]/', $authorization[$key]) === 1) {
                        throw RelayError::invalid("authorization.{$key}", "authorization.{$key} must be a string without control characters.");
                    }
                }
                if (str_contains($authorization['username'], ':')) {
                    throw RelayError::invalid('authorization.username', 'authorization.username must not contain a colon (Basic authentication separates it from the password with one).');
                }

                return ['type' => 'basic', 'username' => $authorization['username'], 'password' => $authorization['password']];
            case 'digest':
                // The username travels in a quoted string of the Authorization line; the password only hashed (Digest.php).
                if (! is_string($authorization['username'] ?? null)) {
                    throw RelayError::invalid('authorization.username', 'authorization.username must be a string.');
                }
                if (! is_string($authorization['password'] ?? null) || preg_match('/[\x00-\x1F\x7F]/', $authorization['password']) === 1) {
                    throw RelayError::invalid('authorization.password', 'authorization.password must be a string without control characters.');
                }

                return ['type' => 'digest', 'username' => self::headerSafe($authorization['username'], 'authorization.username'), 'password' => $authorization['password']];
            case 'impersonate':
                $userId = $authorization['userId'] ?? null;
                if (is_int($userId)) {
                    $userId = (string) $userId;
                }
                if (! is_string($userId) || trim($userId) === '') {
                    throw RelayError::invalid('authorization.userId', 'authorization.userId must be the id of a user.');
                }

                return ['type' => 'impersonate', 'userId' => trim(self::headerSafe($userId, 'authorization.userId'))];
            case 'api-key':
                if (! in_array($authorization['in'] ?? null, self::API_KEY_LOCATIONS, true)) {
                    throw RelayError::invalid('authorization.in', 'authorization.in must be one of '.implode(', ', self::API_KEY_LOCATIONS).'.');
                }
                if (! is_string($authorization['name'] ?? null) || preg_match("/^[!#$%&'*+\\-.^_`|~0-9A-Za-z]+$/D", $authorization['name']) !== 1) {
                    throw RelayError::invalid('authorization.name', 'authorization.name must be the name of the header, query parameter or cookie that carries the key.');
                }
                if (! is_string($authorization['value'] ?? null)) {
                    throw RelayError::invalid('authorization.value', 'authorization.value must be a string.');
                }

                return ['type' => 'api-key', 'in' => $authorization['in'], 'name' => $authorization['name'], 'value' => self::headerSafe($authorization['value'], 'authorization.value')];
            default:
                throw RelayError::invalid('authorization.type', 'authorization.type must be one of '.implode(', ', self::AUTHORIZATION_TYPES).'.');
        }
    }

    /** The same call sent to another URL. */
    public function withUrl(string $url): self
    {
        return new self($this->application, $this->method, $url, $this->headers, $this->query, $this->body, $this->authorization, $this->timeoutMs, $this->transaction, $this->holdOutgoingHttp);
    }

    /** The same call with a header set (in place of any of its name): a credential the host adds. */
    public function withHeader(string $name, string $value): self
    {
        $headers = array_values(array_filter($this->headers, static fn ($header) => strtolower($header['name']) !== strtolower($name)));
        $headers[] = ['name' => $name, 'value' => $value];

        return new self($this->application, $this->method, $this->url, $headers, $this->query, $this->body, $this->authorization, $this->timeoutMs, $this->transaction, $this->holdOutgoingHttp);
    }

    /** Path and query string, with the relay's query pairs appended. */
    public function pathWithQuery(): string
    {
        if ($this->query === []) {
            return $this->url;
        }
        $pairs = implode('&', array_map(static fn ($pair) => rawurlencode($pair['name']).'='.rawurlencode($pair['value']), $this->query));
        // Keep `[]` readable so PHP parses `tags[]=a` as an array either way.
        $pairs = str_replace(['%5B', '%5D'], ['[', ']'], $pairs);

        return $this->url.(str_contains($this->url, '?') ? '&' : '?').$pairs;
    }

    /** The Authorization header value for `bearer` and `basic` authorization; null for the others. */
    public function authorizationHeader(): ?string
    {
        return match ($this->authorization['type']) {
            'bearer' => 'Bearer '.$this->authorization['token'],
            'basic' => 'Basic '.base64_encode($this->authorization['username'].':'.$this->authorization['password']),
            default => null,
        };
    }

    /** The bytes of a text or form body, for Digest's `auth-int` hash (a multipart body's boundary is the HTTP client's: empty here). */
    public function bodyBytes(): string
    {
        return match ($this->body['type']) {
            'json', 'raw' => $this->body['text'],
            'form' => $this->formBody(),
            default => '',
        };
    }

    /** A `form` body's fields, URL-encoded (`a=1&b=2`). */
    public function formBody(): string
    {
        return implode('&', array_map(static fn ($field) => urlencode($field['name']).'='.urlencode($field['value']), $this->body['fields'] ?? []));
    }

    /** A `raw` body's content type: the one given, else text/plain. */
    public function rawContentType(): string
    {
        return ($this->body['contentType'] ?? null) ?: 'text/plain';
    }

    /** The first header with this name (case-insensitive), if any. */
    public function header(string $name): ?string
    {
        foreach ($this->headers as $header) {
            if (strcasecmp($header['name'], $name) === 0) {
                return $header['value'];
            }
        }

        return null;
    }
}
