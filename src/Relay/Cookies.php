<?php

namespace Kite\Relay;

use Illuminate\Contracts\Encryption\Encrypter;
use Illuminate\Contracts\Foundation\Application;
use Illuminate\Cookie\CookieValuePrefix;
use Kite\Trace\Secrets;
use Throwable;

/**
 * Parses response cookies and decrypts the values Laravel encrypted (the EncryptCookies middleware),
 * except those whose name looks secret (protocol/secret-names.json), which are only marked decryptable.
 */
final class Cookies
{
    public function __construct(private ?Encrypter $encrypter)
    {
    }

    /** The application's encrypter (the one EncryptCookies uses), if it has one. */
    public static function encrypterOf(Application $app): ?Encrypter
    {
        return $app->bound('encrypter') ? $app->make('encrypter') : null;
    }

    /** One `Set-Cookie` line as a RelayCookie; null for a line without `name=`. */
    public function parse(string $line): ?array
    {
        $parts = explode(';', $line);
        $pair = array_shift($parts);
        $eq = strpos($pair, '=');
        if ($eq === false || $eq === 0) {
            return null;
        }
        $name = trim(substr($pair, 0, $eq));
        $value = trim(substr($pair, $eq + 1));
        if (strlen($value) >= 2 && $value[0] === '"' && str_ends_with($value, '"')) {
            $value = substr($value, 1, -1);
        }
        $attributes = [];
        foreach ($parts as $part) {
            $part = trim($part);
            if ($part === '') {
                continue;
            }
            $at = strpos($part, '=');
            if ($at === false) {
                $attributes[$part] = true;
            } else {
                $attributes[trim(substr($part, 0, $at))] = trim(substr($part, $at + 1));
            }
        }

        $cookie = ['name' => $name, 'value' => $value, 'attributes' => $attributes === [] ? new \stdClass : $attributes, 'raw' => $line];
        $decrypted = $this->decrypt($name, $value);
        if ($decrypted !== null && Secrets::isSecretName($name)) {
            // A credential is never sent in plain text: the app shows it masked.
            $cookie['decryptedMasked'] = true;
        } elseif ($decrypted !== null) {
            $cookie['decryptedValue'] = $decrypted;
        }

        return $cookie;
    }

    /** The plain value of a Laravel-encrypted cookie value, or null when it is not one. */
    public function decrypt(string $name, string $value): ?string
    {
        if ($this->encrypter === null || $value === '') {
            return null;
        }
        $payload = urldecode($value);
        // Encrypted values are base64 of a JSON object with iv, value and mac.
        $json = json_decode((string) base64_decode($payload, true), true);
        if (! is_array($json) || ! isset($json['iv'], $json['value'])) {
            return null;
        }
        try {
            $plain = $this->encrypter->decrypt($payload, false);
        } catch (Throwable) {
            return null;
        }
        if (! is_string($plain)) {
            return null;
        }
        // Laravel 8.x and later prefix the value with an HMAC of the cookie name.
        $prefix = $this->encrypter instanceof \Illuminate\Encryption\Encrypter
            ? CookieValuePrefix::create($name, $this->encrypter->getKey())
            : null;
        if ($prefix !== null && str_starts_with($plain, $prefix)) {
            return CookieValuePrefix::remove($plain);
        }

        return $plain;
    }
}
