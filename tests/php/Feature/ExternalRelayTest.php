<?php

namespace Kite\Tests\Feature;

use Kite\Tests\Support\ExternalTarget;
use Kite\Tests\TestCase;
use PHPUnit\Framework\Attributes\DataProvider;

/** Relays to a real target outside the application (tests/php/fixture/external under `php -S`). */
class ExternalRelayTest extends TestCase
{
    use ExternalTarget;

    protected function setUp(): void
    {
        parent::setUp();
        $this->allowExternalTarget();
    }

    /** @return array{0: array, 1: string, 2: float, 3: int} meta, body, seconds taken, peak memory added */
    private function timedFrame(array $request): array
    {
        gc_collect_cycles();
        memory_reset_peak_usage();
        $before = memory_get_usage();
        $started = microtime(true);
        [$meta, $body] = $this->frame($this->relay($request));

        return [$meta, $body, microtime(true) - $started, memory_get_peak_usage() - $before];
    }

    public function test_a_body_that_never_ends_is_cut_at_the_maximum_and_answered_at_once(): void
    {
        config(['kite.relay.max_body_mb' => 1]);

        [$meta, $body, $seconds, $memory] = $this->timedFrame(['url' => self::$external->url('/endless'), 'timeoutMs' => 20_000]);

        $this->assertSame(200, $meta['status']);
        $this->assertTrue($meta['truncated']);
        $this->assertSame(1024 * 1024, $meta['bodyBytes']);
        $this->assertSame(str_repeat('k', 1024 * 1024), $body);
        $this->assertGreaterThan($meta['bodyBytes'], $meta['bodySize']);
        $this->assertFalse($meta['bodySizeKnown'], 'no length was declared: the size is a lower bound');
        $this->assertLessThan(5, $seconds, 'the relay stopped reading instead of waiting for the timeout');
        $this->assertLessThan(32 * 1024 * 1024, $memory, 'memory stays near the 1 MB kept');
    }

    public function test_a_large_announced_body_is_not_downloaded_but_reported_with_its_full_size(): void
    {
        config(['kite.relay.max_body_mb' => 1]);
        $size = 300 * 1024 * 1024;

        [$meta, , $seconds, $memory] = $this->timedFrame(['url' => self::$external->url('/sized?bytes='.$size)]);

        $this->assertTrue($meta['truncated']);
        $this->assertSame($size, $meta['bodySize']);
        $this->assertSame(1024 * 1024, $meta['bodyBytes']);
        $this->assertLessThan(5, $seconds);
        $this->assertLessThan(32 * 1024 * 1024, $memory, 'the 300 MB were never held');
    }

    public function test_a_body_within_the_maximum_arrives_whole(): void
    {
        config(['kite.relay.max_body_mb' => 1]);

        [$meta, $body] = $this->frame($this->relay(['url' => self::$external->url('/sized?bytes='.(1024 * 1024))]));

        $this->assertFalse($meta['truncated']);
        $this->assertSame(1024 * 1024, $meta['bodySize']);
        $this->assertSame(1024 * 1024, strlen($body));
    }

    public function test_a_configured_timeout_of_zero_still_ends_the_call(): void
    {
        config(['kite.relay.timeout' => 0]);
        $started = microtime(true);

        $this->relay(['url' => self::$external->url('/slow')])->assertStatus(504)->assertJsonPath('error.code', 'TARGET_TIMEOUT');
        $this->assertLessThan(2, microtime(true) - $started);
    }

    public function test_none_sends_no_typed_authorization_or_cookie_header(): void
    {
        [, $body] = $this->frame($this->relay(['method' => 'POST', 'url' => self::$external->url('/echo'), 'authorization' => ['type' => 'none'], 'headers' => [
            ['name' => 'authorization', 'value' => 'Bearer typed'],
            ['name' => 'Cookie', 'value' => 'laravel_session=stolen'],
            ['name' => 'X-Kept', 'value' => 'yes'],
        ]]));

        $this->assertNull(json_decode($body, true)['authorization']);
        $this->assertNull(json_decode($body, true)['cookie']);
    }

    public function test_none_sends_no_credentials_written_into_the_url(): void
    {
        $url = str_replace('http://', 'http://ada:pa55word@', self::$external->url('/echo'));

        [$meta, $body] = $this->frame($this->relay(['url' => $url, 'authorization' => ['type' => 'none']]));

        $this->assertSame(200, $meta['status']);
        $this->assertNull(json_decode($body, true)['authorization']);
    }

    public function test_multipart_names_and_file_names_with_line_breaks_or_quotes_cannot_add_part_headers_or_parts(): void
    {
        [, $body] = $this->frame($this->relay(['method' => 'POST', 'url' => self::$external->url('/echo'), 'body' => ['type' => 'multipart', 'fields' => [
            ['name' => 'note"; filename="planted.txt', 'kind' => 'text', 'value' => 'text'],
            ['name' => "line\r\nContent-Type: text/html", 'kind' => 'text', 'value' => 'two'],
            ['name' => 'upload', 'kind' => 'file', 'filename' => "a\"b\r\n.txt", 'contentType' => 'text/plain', 'base64' => base64_encode('file body')],
        ]]]));

        $echo = json_decode($body, true);
        // Escaped as the Node host does (server/multipart.mjs): CR, LF and " as %0D, %0A and %22.
        // PHP turns spaces and dots in field names into underscores.
        $this->assertSame(['note%22;_filename=%22planted_txt' => 'text', 'line%0D%0AContent-Type:_text/html' => 'two'], $echo['post']);
        $this->assertSame(['upload' => 'a%22b%0D%0A.txt'], $echo['files']);
    }

    public function test_bearer_replaces_a_typed_authorization_header_whatever_its_case(): void
    {
        [, $body] = $this->frame($this->relay(['method' => 'POST', 'url' => self::$external->url('/echo'), 'authorization' => ['type' => 'bearer', 'token' => 'tok'], 'headers' => [
            ['name' => 'authorization', 'value' => 'Bearer typed'],
        ]]));

        $this->assertSame('Bearer tok', json_decode($body, true)['authorization']);
    }

    public function test_impersonating_at_an_outside_url_is_refused_instead_of_sent_without_credentials(): void
    {
        $this->relay(['url' => self::$external->url('/echo'), 'authorization' => ['type' => 'impersonate', 'userId' => '1']])
            ->assertStatus(422)
            ->assertJsonPath('error.code', 'IMPERSONATION_UNAVAILABLE')
            ->assertJsonPath('error.field', 'authorization.type')
            ->assertJsonPath('error.message', 'Impersonation is not configured for this host');

        config(['kite.impersonation.enabled' => true]);
        $this->relay(['url' => self::$external->url('/echo'), 'authorization' => ['type' => 'impersonate', 'userId' => '1']])
            ->assertStatus(422)
            ->assertJsonPath('error.code', 'IMPERSONATION_UNAVAILABLE');
    }

    /** @dataProvider escapingUrls */

    #[DataProvider('escapingUrls')]
    public function test_a_url_that_leaves_an_allowed_base_path_is_refused(string $url): void
    {
        config(['kite.relay.allowed_urls' => [self::$external->url('/public')]]);

        $this->relay(['url' => self::$external->url($url)])->assertStatus(403)->assertJsonPath('error.code', 'TARGET_NOT_ALLOWED');
    }

    public static function escapingUrls(): array
    {
        return [
            'dot segments' => ['/public/../secret'],
            'encoded dots' => ['/public/%2e%2e/secret'],
            'encoded dots, mixed case' => ['/public/%2E%2e/secret'],
            'an encoded slash' => ['/public/..%2Fsecret'],
            'a longer segment' => ['/publicity'],
        ];
    }

    public function test_a_url_under_an_allowed_base_path_is_relayed(): void
    {
        config(['kite.relay.allowed_urls' => [self::$external->url('/public')]]);

        [$meta, $body] = $this->frame($this->relay(['url' => self::$external->url('/public/inner/../things')]));

        $this->assertSame(200, $meta['status']);
        $this->assertSame('/public/things', json_decode($body, true)['path']);
    }

    public function test_a_relative_url_cannot_leave_its_applications_base_path(): void
    {
        config(['kite.relay.allowed_urls' => [], 'kite.applications' => [['name' => 'Public API', 'base_url' => self::$external->url('/public'), 'prefixes' => ['']]]]);

        $this->relay(['url' => '../secret'])->assertStatus(403)->assertJsonPath('error.code', 'TARGET_NOT_ALLOWED');
        $this->relay(['url' => '%2e%2e/secret'])->assertStatus(403);

        [$meta, $body] = $this->frame($this->relay(['url' => '/things']));
        $this->assertSame('/public/things', json_decode($body, true)['path']);
    }
}
