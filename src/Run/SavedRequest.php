<?php

namespace Kite\Run;

/**
 * A saved request file (protocol SavedRequestFile, decoded as arrays) as the relay request the
 * app's Send makes of it (resources/js/model/request/relay-request.ts): variables filled in, path
 * parameters put in the path, the URL's own query first, enabled rows only; and the values its
 * capture rules take from the answer (model/workspace/capture.ts).
 */
final class SavedRequest
{
    /**
     * @return array{payload: array, unresolved: list<string>} the RelayRequest, and the names a sent part uses with no value
     */
    public static function payload(array $file, Variables $variables): array
    {
        $unresolved = [];
        $rows = static function (mixed $list) use ($variables, &$unresolved): array {
            $pairs = [];
            foreach (is_array($list) ? $list : [] as $row) {
                if (is_array($row) && ($row['enabled'] ?? true) !== false && trim((string) ($row['name'] ?? '')) !== '') {
                    $pairs[] = ['name' => $variables->resolve((string) $row['name'], $unresolved), 'value' => $variables->resolve((string) ($row['value'] ?? ''), $unresolved)];
                }
            }

            return $pairs;
        };
        $url = $variables->resolve((string) ($file['url'] ?? ''), $unresolved);
        $url = explode('#', $url)[0];
        $inlineQuery = [];
        if (preg_match('/\?(?![^{]*\})/', $url, $match, PREG_OFFSET_CAPTURE) === 1) {
            foreach (array_filter(explode('&', substr($url, $match[0][1] + 1)), static fn ($part) => $part !== '') as $part) {
                [$name, $value] = array_pad(explode('=', $part, 2), 2, '');
                $inlineQuery[] = ['name' => urldecode($name), 'value' => urldecode($value)];
            }
            $url = substr($url, 0, $match[0][1]);
        }
        $params = is_array($file['pathParams'] ?? null) ? $file['pathParams'] : [];
        $url = (string) preg_replace_callback('/\/?(?<!\{)\{([^{}\/?]+)(\?)?\}(?!\})/', static function (array $match) use ($params, $variables, &$unresolved) {
            $slash = str_starts_with($match[0], '/') ? '/' : '';
            $value = isset($params[$match[1]]) ? $variables->resolve((string) $params[$match[1]], $unresolved) : '';
            if ($value === '') {
                return ($match[2] ?? '') === '?' ? '' : $match[0];
            }

            return $slash.str_replace(['%2C', '%3B', '%3D'], [',', ';', '='], rawurlencode($value));
        }, $url);

        $body = is_array($file['body'] ?? null) ? $file['body'] : ['type' => 'none'];
        $payloadBody = match ($body['type'] ?? 'none') {
            'json' => ['type' => 'json', 'text' => $variables->resolve((string) ($body['text'] ?? ''), $unresolved)],
            'raw' => array_filter(['type' => 'raw', 'text' => $variables->resolve((string) ($body['text'] ?? ''), $unresolved), 'contentType' => ($body['contentType'] ?? '') ?: null], static fn ($value) => $value !== null),
            'form' => ['type' => 'form', 'fields' => $rows($body['fields'] ?? [])],
            'multipart' => ['type' => 'multipart', 'fields' => array_map(static fn ($pair) => $pair + ['kind' => 'text'], $rows(array_filter($body['fields'] ?? [], static fn ($field) => ($field['kind'] ?? 'text') === 'text')))],
            default => ['type' => 'none'],
        };

        $auth = is_array($file['auth'] ?? null) ? $file['auth'] : [];
        $field = static function (string $name) use ($auth, $variables, &$unresolved): string {
            return $variables->resolve((string) ($auth[$name] ?? ''), $unresolved);
        };
        $authorization = match ($auth['type'] ?? 'none') {
            'bearer', 'oauth2' => ['type' => 'bearer', 'token' => $field('token')],
            'basic', 'digest' => ['type' => $auth['type'], 'username' => $field('username'), 'password' => $field('password')],
            'impersonate' => ['type' => 'impersonate', 'userId' => $field('userId')],
            'api-key' => ['type' => 'api-key', 'in' => $auth['keyIn'] ?? 'header', 'name' => (string) ($auth['keyName'] ?? ''), 'value' => $field('token')],
            default => ['type' => 'none'],
        };

        $payload = [
            'method' => strtoupper((string) ($file['method'] ?? 'GET')),
            'url' => $url === '' ? '/' : $url,
            'headers' => $rows($file['headers'] ?? []),
            'query' => [...$inlineQuery, ...$rows($file['query'] ?? [])],
            'body' => $payloadBody,
            'authorization' => $authorization,
        ];
        if (is_string($file['application'] ?? null) && $file['application'] !== '') {
            $payload['application'] = $file['application'];
        }

        return ['payload' => $payload, 'unresolved' => array_keys($unresolved)];
    }

    /**
     * The values the file's capture rules take from an answer.
     *
     * @param  list<array{0: string, 1: string}>  $headers
     * @param  list<array<string, mixed>>  $cookies
     * @return array{values: array<string, string>, secret: list<string>, problems: list<string>}
     */
    public static function capture(array $file, string $body, array $headers, array $cookies): array
    {
        $values = [];
        $secret = [];
        $problems = [];
        $document = null;
        foreach (is_array($file['captures'] ?? null) ? $file['captures'] : [] as $rule) {
            $variable = trim((string) ($rule['variable'] ?? ''));
            $path = trim((string) ($rule['path'] ?? ''));
            $found = null;
            try {
                if (($rule['source'] ?? 'body') === 'header') {
                    foreach ($headers as [$name, $value]) {
                        if (strtolower($name) === strtolower($path)) {
                            $found = $value;
                            break;
                        }
                    }
                } elseif ($rule['source'] === 'cookie') {
                    foreach ($cookies as $cookie) {
                        if (($cookie['name'] ?? null) === $path) {
                            $found = (string) ($cookie['decryptedValue'] ?? $cookie['value'] ?? '');
                            break;
                        }
                    }
                } else {
                    $document ??= ['value' => json_decode($body, false)];
                    $matches = $document['value'] === null && trim($body) !== 'null' ? [] : JsonPath::query($document['value'], $path);
                    if ($matches !== []) {
                        $found = is_string($matches[0]) ? $matches[0] : (string) json_encode($matches[0], JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);
                    }
                }
            } catch (\InvalidArgumentException $error) {
                $problems[] = "{{{$variable}}}: {$error->getMessage()}";

                continue;
            }
            if ($found === null) {
                $problems[] = "{{{$variable}}}: ".(($rule['source'] ?? 'body') === 'body' ? "nothing at {$path} in the body" : "no {$rule['source']} {$path}");

                continue;
            }
            $values[$variable] = $found;
            if (($rule['secret'] ?? false) === true) {
                $secret[] = $variable;
            }
        }

        return ['values' => $values, 'secret' => $secret, 'problems' => $problems];
    }
}
