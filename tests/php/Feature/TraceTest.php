<?php

namespace Kite\Tests\Feature;

use App\Models\User;
use Illuminate\Support\Facades\DB;
use Kite\Tests\Support\PhpServer;
use Kite\Tests\Support\ScratchApp;
use Kite\Tests\TestCase;
use Symfony\Component\VarDumper\VarDumper;

/** The trace of a same-app relayed call, dumps and dd(), and transaction mode. */
class TraceTest extends TestCase
{
    public function test_dumps_come_back_as_json_trees_with_where_they_were_dumped_and_the_relay_still_answers(): void
    {
        [$meta, $body] = $this->frame($this->relay(['url' => '/api/trace/dumps']));

        $this->assertSame(200, $meta['status']);
        $this->assertSame(['dumped' => 2], json_decode($body, true));
        $dumps = $meta['trace']['dumps'];
        $this->assertCount(2, $dumps);
        $this->assertSame(['first' => 1, 'nested' => ['list' => [1, 2, 3]]], $dumps[0]['value']);
        $this->assertSame('app/Http/Controllers/TraceController.php', $dumps[0]['file']);
        $this->assertSame(20, $dumps[0]['line']);
        $this->assertArrayNotHasKey('isDd', $dumps[0]);
        $this->assertSame(User::class, $dumps[1]['value']['@class']);
        $this->assertSame('Ada Lovelace', $dumps[1]['value']['name'], 'a model is dumped as its toArray()');
        $this->assertGreaterThan(0, $meta['trace']['appTimeMs']);
        $this->assertArrayNotHasKey('rolledBack', $meta['trace']);
    }

    public function test_dd_ends_the_request_with_a_500_and_every_value_is_captured_in_order(): void
    {
        $handlerBefore = VarDumper::setHandler(null);
        VarDumper::setHandler($handlerBefore);

        [$meta, $body] = $this->frame($this->relay(['url' => '/api/trace/dd']));

        $this->assertSame(500, $meta['status']);
        $this->assertStringContainsString('"answer" => 42', $body);
        $this->assertStringContainsString('"second value"', $body);
        $dumps = $meta['trace']['dumps'];
        $this->assertSame(['before dd', ['answer' => 42], 'second value'], array_column($dumps, 'value'));
        $this->assertSame([false, false, true], array_map(fn ($dump) => $dump['isDd'] ?? false, $dumps));
        $this->assertSame(29, $dumps[2]['line']);
        $this->assertArrayNotHasKey('exception', $meta['trace'], 'a dd() is not an exception');
        // The app's own dump handler is back once the call is done.
        $this->assertSame($handlerBefore, VarDumper::setHandler($handlerBefore));
    }

    public function test_the_dd_500_body_masks_values_under_secret_looking_names(): void
    {
        [$meta, $body] = $this->frame($this->relay(['url' => '/api/trace/dd-secrets']));

        $this->assertSame(500, $meta['status']);
        $this->assertStringContainsString('"user" => "grace"', $body);
        $this->assertStringContainsString('"api_token" => "********"', $body);
        $this->assertStringContainsString('"password" => "********"', $body);
        $this->assertStringContainsString('+"name": "kite"', $body);
        $this->assertStringContainsString('+"client_secret": "********"', $body);
        foreach (['tok-hidden-123', 'hunter2-hidden', 'cs-hidden-789'] as $secret) {
            $this->assertStringNotContainsString($secret, $body);
        }
    }

    public function test_queries_with_bindings_time_and_connection_and_logs_with_secrets_masked(): void
    {
        [$meta] = $this->frame($this->relay(['url' => '/api/trace/queries']));

        $queries = $meta['trace']['queries'];
        $this->assertCount(4, $queries, 'one list query and one per user');
        $this->assertStringContainsString('from "users" where "id" = ?', $queries[1]['sql']);
        $this->assertSame([1], $queries[1]['bindings']);
        $this->assertSame('sqlite', $queries[1]['connection']);
        $this->assertIsNumeric($queries[1]['timeMs']);

        $this->assertSame([['level' => 'warning', 'message' => 'listed users', 'context' => ['count' => 3, 'password' => '********', 'headers' => ['Authorization' => '********']]]], $meta['trace']['logs']);
    }

    public function test_secrets_are_masked_by_key_at_any_depth_in_logs_dumps_query_bindings_and_urls_and_counted(): void
    {
        $hash = $this->user('ada@example.com')->getAuthPassword();
        $down = 'http://127.0.0.1:'.PhpServer::freePort();

        [$meta, $body] = $this->frame($this->relay(['url' => '/api/trace/secrets', 'query' => [['name' => 'url', 'value' => $down]]]));

        $this->assertSame(['done' => true], json_decode($body, true));
        $trace = json_encode($meta['trace'], JSON_UNESCAPED_SLASHES);
        $this->assertDoesNotMatchRegularExpression('/[\w-]+-SECRET/', $trace, 'no credential the route used is in the trace');
        $this->assertStringNotContainsString($hash, $trace, "the user's password hash is not in the trace");

        $context = $meta['trace']['logs'][0]['context'];
        // A model is its toArray(): what it hides is not there at all.
        $this->assertSame(['Ada Lovelace', 'ada@example.com'], [$context['user']['name'], $context['user']['email']]);
        $this->assertSame(User::class, $context['user']['@class']);
        $this->assertArrayNotHasKey('password', $context['user']);
        $this->assertArrayNotHasKey('remember_token', $context['user']);
        $this->assertSame(['@class' => 'stdClass', 'name' => 'mobile app', 'client_secret' => '********'], $context['client']);
        $this->assertSame([
            'pwd' => '********', 'passwd' => '********', 'pass' => '********', 'private_key' => '********',
            'access_key' => '********', 'auth' => '********', 'jwt' => '********', 'otp' => '********',
            'session_id' => '********', 'credentials' => '********',
            'author' => 'Ada', 'passenger' => 'Grace', 'bypass' => 'yes',
        ], $context['form']);
        $this->assertSame(['Authorization' => '********', 'Cookie' => '********', 'X-Api-Key' => '********', 'Accept' => ['application/json']], $context['headers']);

        [$userDump, $nested] = array_column($meta['trace']['dumps'], 'value');
        $this->assertSame('Ada Lovelace', $userDump['name']);
        $this->assertArrayNotHasKey('password', $userDump);
        $this->assertSame(['apiKey' => '********', 'title' => 'kept'], $nested['nested']['deeper']);

        $writes = array_values(array_filter($meta['trace']['queries'], fn ($query) => preg_match('/^(insert|update)/', $query['sql']) === 1));
        $this->assertCount(2, $writes);
        $this->assertContains('********', $writes[0]['bindings'], 'the password written by the insert');
        $this->assertContains('Traced', $writes[0]['bindings'], 'other bindings stay');
        $this->assertSame('********', $writes[1]['bindings'][0], 'the remember_token set by the update');

        $this->assertSame($down.'?page=2&api_key=********', $meta['trace']['http'][0]['url']);
        // 10 form keys, client_secret, 3 headers, the dump's apiKey, 2 bindings, 1 query parameter.
        $this->assertSame(18, $meta['trace']['masked']);
    }

    public function test_mails_notifications_and_jobs_are_recorded_and_sent_outside_transaction_mode(): void
    {
        [$meta] = $this->frame($this->relay(['method' => 'POST', 'url' => '/api/trace/write']));

        $trace = $meta['trace'];
        $this->assertSame(200, $meta['status']);
        $this->assertCount(1, $trace['mails']);
        $this->assertMatchesRegularExpression('/^written-.*@example\.com$/', $trace['mails'][0]['to'][0]);
        $this->assertStringStartsWith('Welcome, Written ', $trace['mails'][0]['subject']);
        $this->assertStringContainsString('welcome aboard', $trace['mails'][0]['body']);
        $this->assertTrue($trace['mails'][0]['sent']);
        $this->assertSame('App\Notifications\AccountCreated', $trace['notifications'][0]['notification']);
        $this->assertSame('App\Notifications\LogChannel', $trace['notifications'][0]['channel']);
        $this->assertMatchesRegularExpression('/^App\\\\Models\\\\User#\d+$/', $trace['notifications'][0]['notifiable']);
        $this->assertTrue($trace['notifications'][0]['sent']);
        $this->assertSame([['job' => 'App\Jobs\PingJob', 'connection' => 'sync', 'queued' => true]], $trace['jobs']);
        // The notification and the sync job ran: their log lines are in the trace.
        $messages = array_column($trace['logs'], 'message');
        $this->assertContains('ping job ran for '.$trace['mails'][0]['to'][0], $messages);
        $this->assertSame(4, User::count());
    }

    public function test_an_exception_is_traced_with_the_apps_own_frames_first(): void
    {
        [$meta] = $this->frame($this->relay(['url' => '/api/explode']));

        $exception = $meta['trace']['exception'];
        $this->assertSame(500, $meta['status']);
        $this->assertSame('RuntimeException', $exception['class']);
        $this->assertSame('The fixture route exploded', $exception['message']);
        $this->assertSame('routes/api.php', $exception['file']);
        $this->assertTrue($exception['frames'][0]['app']);
        $this->assertSame('routes/api.php', $exception['frames'][0]['file']);
        $apps = array_column($exception['frames'], 'app');
        $this->assertSame($apps, array_merge(array_filter($apps), array_values(array_filter($apps, fn ($app) => ! $app))), 'app frames come first');
        $this->assertContains(false, $apps);
    }

    public function test_outgoing_http_calls_are_traced_with_status_and_time(): void
    {
        $external = new PhpServer(ScratchApp::fixturePath('external'), ScratchApp::fixturePath('external/index.php'), getenv());
        try {
            [$meta] = $this->frame($this->relay(['url' => '/api/trace/http', 'query' => [['name' => 'url', 'value' => $external->url('/ping')]]]));
            [$failed] = $this->frame($this->relay(['url' => '/api/trace/http', 'query' => [['name' => 'url', 'value' => 'http://127.0.0.1:'.PhpServer::freePort().'/down']]]));
        } finally {
            $external->stop();
        }

        $this->assertSame([['method' => 'GET', 'url' => $external->url('/ping'), 'status' => 200]], array_map(fn ($call) => array_diff_key($call, ['timeMs' => 0]), $meta['trace']['http']));
        $this->assertGreaterThan(0, $meta['trace']['http'][0]['timeMs']);
        $this->assertSame('No response (connection failed)', $failed['trace']['http'][0]['error']);
    }

    public function test_transaction_mode_rolls_back_every_connection_and_holds_mails_notifications_and_jobs_back(): void
    {
        $second = $this->secondConnection();

        [$meta] = $this->frame($this->relay(['method' => 'POST', 'url' => '/api/trace/write', 'transaction' => true]));

        $trace = $meta['trace'];
        $this->assertSame(200, $meta['status']);
        $this->assertTrue($trace['rolledBack']);
        $this->assertSame(3, User::count(), 'the user written is rolled back');
        $this->assertSame(0, $this->notes($second), 'the note on the second connection is rolled back');
        $this->assertFalse($trace['mails'][0]['sent']);
        $this->assertFalse($trace['notifications'][0]['sent']);
        $this->assertSame([['job' => 'App\Jobs\PingJob', 'connection' => 'sync', 'queued' => false]], $trace['jobs']);
        $this->assertStringNotContainsString('notified', implode(' ', array_column($trace['logs'], 'message')), 'the notification was not sent');
        $this->assertStringNotContainsString('ping job ran', implode(' ', array_column($trace['logs'], 'message')), 'the job did not run');
        $this->assertNoTransactionOpen();
        $this->assertSame('Illuminate\Queue\QueueManager', get_class(app('queue')), 'the real queue is back');

        // Outside transaction mode the same call writes on both connections.
        $this->frame($this->relay(['method' => 'POST', 'url' => '/api/trace/write']));
        $this->assertSame(4, User::count());
        $this->assertSame(1, $this->notes($second));
    }

    public function test_transaction_mode_rolls_back_after_an_exception_and_after_dd(): void
    {
        $second = $this->secondConnection();

        foreach (['explode' => 500, 'dd' => 500] as $then => $status) {
            [$meta] = $this->frame($this->relay(['method' => 'POST', 'url' => '/api/trace/write', 'query' => [['name' => 'then', 'value' => $then]], 'transaction' => true]));

            $this->assertSame($status, $meta['status'], $then);
            $this->assertTrue($meta['trace']['rolledBack'], $then);
            $this->assertSame(3, User::count(), "{$then}: no user stays written");
            $this->assertSame(0, $this->notes($second), "{$then}: no note stays written");
            $this->assertNoTransactionOpen();
        }
    }

    /** A second SQLite connection in a file, not yet resolved: transaction mode must catch it as the call first uses it. */
    private function secondConnection(): string
    {
        $file = tempnam(sys_get_temp_dir(), 'kite-second-');
        register_shutdown_function(static fn () => @unlink($file));
        (new \PDO('sqlite:'.$file))->exec('create table notes (id integer primary key, body text)');
        config(['database.connections.second' => ['driver' => 'sqlite', 'database' => $file, 'prefix' => '']]);
        DB::purge('second');

        return $file;
    }

    private function notes(string $file): int
    {
        return (int) (new \PDO('sqlite:'.$file))->query('select count(*) from notes')->fetchColumn();
    }

    private function assertNoTransactionOpen(): void
    {
        foreach (DB::getConnections() as $name => $connection) {
            $this->assertSame(0, $connection->transactionLevel(), "a transaction stays open on {$name}");
        }
    }
}
