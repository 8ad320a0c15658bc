<?php

namespace Kite\Auth;

use Illuminate\Contracts\Encryption\Encrypter;
use Illuminate\Cookie\CookieValuePrefix;

/**
 * The relayed call as an injector sees it: where it goes, the route's middleware and the guard
 * being served; what an injector adds (headers, cookies) is collected here and applied by the relay.
 */
final class OutgoingRequest
{
    /** @var array<string, string> name => value */
    private array $addedHeaders = [];

    /** @var array<string, string> name => value as sent (encrypted when asked) */
    private array $addedCookies = [];

    /**
     * @param  string  $path  path and query in this application
     * @param  bool  $external  sent over HTTP to a URL of this same application (auth.self_urls), not in-process
     * @param  list<string>  $middleware  the route's middleware as declared (`web`, `auth:sanctum`)
     * @param  ?string  $guard  the guard an injector configured under 'guards' serves
     * @param  list<array{name: string, value: string}>  $headers  the headers the call carries already
     */
    public function __construct(
        public readonly string $method,
        public readonly string $path,
        public readonly bool $external,
        public readonly array $middleware,
        public readonly ?string $guard,
        public readonly array $headers,
        private readonly ?Encrypter $encrypter,
    ) {
    }

    /** Sets a header (in place of one of its name the call carries). */
    public function withHeader(string $name, string $value): void
    {
        $this->addedHeaders[$name] = $value;
    }

    /**
     * Adds a cookie; $encrypted writes it as the app's EncryptCookies middleware does (its key and
     * the name's prefix), so the app reads $value back.
     */
    public function withCookie(string $name, string $value, bool $encrypted = true): void
    {
        if ($encrypted) {
            if ($this->encrypter === null) {
                throw new InjectorUnavailable("The cookie {$name} must be encrypted, and this application has no encrypter (APP_KEY).");
            }
            $prefix = $this->encrypter instanceof \Illuminate\Encryption\Encrypter ? CookieValuePrefix::create($name, $this->encrypter->getKey()) : '';
            $value = $this->encrypter->encrypt($prefix.$value, false);
        }
        $this->addedCookies[$name] = $value;
    }

    /** @return array<string, string> */
    public function addedHeaders(): array
    {
        return $this->addedHeaders;
    }

    /** The added cookies as one Cookie header value ('' when none). */
    public function addedCookieHeader(): string
    {
        return implode('; ', array_map(static fn ($name, $value) => $name.'='.rawurlencode($value), array_keys($this->addedCookies), $this->addedCookies));
    }
}
