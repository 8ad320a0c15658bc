<?php

namespace Kite\Tests\Feature;

use App\Models\User;
use Illuminate\Testing\TestResponse;
use Kite\Tests\TestCase;
use Symfony\Component\HttpFoundation\StreamedResponse;

/**
 * The Laravel host's POST run (protocol RunRequest → RunEvent lines): one call runs saved requests
 * in-process with kite:run's runner, a line per request as it finishes, then done; the Laravel-only
 * checks work; secret values come back as {{name}}; a bad field is a 422 naming it.
 */
class RunEndpointTest extends TestCase
{
    private function runCall(array $body, array $headers = ['X-CSRF-TOKEN' => self::TOKEN]): TestResponse
    {
        return $this->withSession(['_token' => self::TOKEN])->call('POST', '/http-client/api/run', [], [], [], $this->transformHeadersToServerVars($headers + ['Content-Type' => 'application/json', 'Accept' => 'application/x-ndjson']), json_encode($body));
    }

    private static function file(string $method, string $url, array $more = []): array
    {
        return $more + ['name' => "{$method} {$url}", 'folder' => '', 'application' => '', 'method' => $method, 'url' => $url, 'pathParams' => new \stdClass, 'query' => [], 'headers' => [['name' => 'Accept', 'value' => 'application/json', 'enabled' => true]], 'body' => ['type' => 'none'], 'auth' => ['type' => 'none'], 'captures' => [], 'assertions' => []];
    }

    /** @return list<array> the NDJSON lines */
    private static function events(TestResponse $response): array
    {
        $response->assertOk();
        self::assertInstanceOf(StreamedResponse::class, $response->baseResponse);
        self::assertStringStartsWith('application/x-ndjson', (string) $response->headers->get('Content-Type'));

        return array_map(static fn ($line) => json_decode($line, true, 512, JSON_THROW_ON_ERROR), array_values(array_filter(explode("\n", $response->streamedContent()), static fn ($line) => trim($line) !== '')));
    }

    public function test_a_run_streams_a_result_per_request_with_the_laravel_only_checks_then_done_and_masks_secrets(): void
    {
        $before = User::count();
        $events = self::events($this->runCall([
            'requests' => [
                ['path' => 'requests/write.json', 'file' => self::file('POST', '/api/trace/write', [
                    'captures' => [['variable' => 'users', 'source' => 'body', 'path' => '$.users', 'secret' => false]],
                    'assertions' => [['source' => 'mail', 'path' => '', 'operator' => 'subject-contains', 'expected' => 'Welcome'], ['source' => 'dispatched', 'path' => '', 'operator' => 'of-class', 'expected' => 'PingJob']],
                ])],
                ['path' => 'requests/echo.json', 'file' => self::file('POST', '/api/echo', [
                    'auth' => ['type' => 'bearer', 'token' => '{{token}}'],
                    'body' => ['type' => 'json', 'text' => '{"users":"{{users}}"}'],
                    'assertions' => [['source' => 'queries', 'path' => '', 'operator' => 'less-than', 'expected' => '0'], ['source' => 'body', 'path' => '$.authorization', 'operator' => 'equals', 'expected' => 'Bearer {{token}}']],
                ])],
            ],
            'variables' => ['token' => 'tok-secret-123'],
            'secretNames' => ['token'],
        ]));

        $this->assertCount(3, $events);
        [$write, $echo, $done] = $events;
        $this->assertSame(['result', 0, 0, 'requests/write.json', 'POST', 200], [$write['type'], $write['iteration'], $write['index'], $write['path'], $write['method'], $write['status']]);
        $this->assertSame([true, true], array_column($write['assertions'], 'passed'), json_encode($write['assertions']));
        $this->assertSame((string) ($before + 1), $write['captured']['users']);
        $this->assertStringEndsWith('/api/echo', $echo['url']);
        $this->assertSame([false, true], array_column($echo['assertions'], 'passed'));
        $this->assertStringContainsString('"users":"'.($before + 1).'"', $echo['response']['body'], 'the captured value flowed into the second request');
        $this->assertStringContainsString('Bearer {{token}}', $echo['response']['body']);
        $this->assertStringNotContainsString('tok-secret-123', json_encode($events));
        $this->assertSame(['type' => 'done', 'passed' => 1, 'failed' => 1, 'cancelled' => false], array_diff_key($done, ['durationMs' => 0]));
    }

    public function test_bail_stops_after_the_first_failure_and_rows_run_the_sequence_once_each(): void
    {
        $show = self::file('GET', '/api/users/{user}', ['pathParams' => ['user' => '{{id}}'], 'assertions' => [['source' => 'body', 'path' => '$.id', 'operator' => 'equals', 'expected' => '2']]]);
        $events = self::events($this->runCall(['requests' => [['path' => 'requests/show.json', 'file' => $show]], 'variables' => [], 'secretNames' => [], 'rows' => [['id' => '1'], ['id' => '2']]]));
        $this->assertSame([[0, 1, false], [1, 2, true]], array_map(static fn ($event) => [$event['iteration'], json_decode($event['response']['body'], true)['id'], $event['assertions'][0]['passed']], array_slice($events, 0, 2)));

        $events = self::events($this->runCall(['requests' => [['path' => 'requests/show.json', 'file' => $show]], 'variables' => [], 'secretNames' => [], 'rows' => [['id' => '1'], ['id' => '2']], 'bail' => true]));
        $this->assertCount(2, $events);
        $this->assertSame(['type' => 'done', 'passed' => 0, 'failed' => 1, 'cancelled' => true], array_diff_key($events[1], ['durationMs' => 0]));
    }

    public function test_a_bad_field_is_a_422_naming_it_and_a_call_without_the_xsrf_token_is_refused(): void
    {
        $good = ['requests' => [['path' => 'requests/a.json', 'file' => self::file('GET', '/api/users')]], 'variables' => [], 'secretNames' => []];
        foreach ([
            'requests' => ['requests' => []] + $good,
            'requests[0].file' => ['requests' => [['path' => 'requests/a.json', 'file' => ['name' => 'a', 'url' => '/']]]] + $good,
            'variables' => ['variables' => ['id' => 1]] + $good,
            'delayMs' => $good + ['delayMs' => 60001],
            'rows[0]' => $good + ['rows' => [['a']]],
            'extra' => $good + ['extra' => true],
        ] as $field => $body) {
            $this->runCall($body)->assertStatus(422)->assertJsonPath('error.code', 'INVALID_RUN_REQUEST')->assertJsonPath('error.field', $field);
        }
        $this->runCall($good, [])->assertStatus(419);
    }
}
