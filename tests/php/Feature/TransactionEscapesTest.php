<?php

namespace Kite\Tests\Feature;

use App\Models\User;
use Illuminate\Support\Facades\Cache;
use Illuminate\Support\Facades\DB;
use Illuminate\Support\Facades\Http;
use Kite\Tests\Support\PhpServer;
use Kite\Tests\Support\ScratchApp;
use Kite\Tests\TestCase;

/**
 * Transaction mode says what it did not undo (trace.notUndone): files, cache writes, outgoing HTTP,
 * listeners and jobs that ran, and a transaction the app ended itself; "hold outgoing HTTP" fakes
 * the app's HTTP client for the call.
 */
class TransactionEscapesTest extends TestCase
{
    private string $disk = '';

    protected function setUp(): void
    {
        parent::setUp();
        $this->disk = sys_get_temp_dir().'/kite-escape-'.uniqid();
        mkdir($this->disk);
        config(['filesystems.disks.local.root' => $this->disk]);
    }

    protected function tearDown(): void
    {
        @unlink($this->disk.'/kite-escape/report.txt');
        @rmdir($this->disk.'/kite-escape');
        @rmdir($this->disk);
        parent::tearDown();
    }

    /** @return array the relay answer's metadata for POST /api/trace/escape?do=… */
    private function escape(string $do, array $request = ['transaction' => true], array $query = []): array
    {
        [$meta] = $this->frame($this->relay($request + ['method' => 'POST', 'url' => '/api/trace/escape', 'query' => array_merge([['name' => 'do', 'value' => $do]], $query)]));

        return $meta;
    }

    public function test_a_file_written_to_storage_is_named_as_not_undone(): void
    {
        $meta = $this->escape('file');

        $this->assertSame(200, $meta['status']);
        $this->assertTrue($meta['trace']['rolledBack'], 'the database write was rolled back');
        $this->assertSame([['disk' => 'local', 'path' => 'kite-escape/report.txt', 'operation' => 'write']], $meta['trace']['notUndone']['files']);
        $this->assertFileExists($this->disk.'/kite-escape/report.txt', 'the file is really written: the report does not lie');
        $this->assertSame('Illuminate\Filesystem\FilesystemManager', get_class(app('filesystem')), 'the app’s filesystem manager is back');
    }

    public function test_cache_writes_and_forgets_are_named_as_not_undone(): void
    {
        Cache::put('kite-escape-old', 'old', 60);

        $meta = $this->escape('cache');

        $this->assertSame([['key' => 'kite-escape', 'operation' => 'write'], ['key' => 'kite-escape-old', 'operation' => 'forget']], $meta['trace']['notUndone']['cache']);
        $this->assertSame('written', Cache::get('kite-escape'));
    }

    public function test_outgoing_http_is_counted_as_not_undone_and_held_back_when_asked(): void
    {
        $external = new PhpServer(ScratchApp::fixturePath('external'), ScratchApp::fixturePath('external/index.php'), getenv());
        $url = [['name' => 'url', 'value' => $external->url('/report')]];
        try {
            $sent = $this->escape('http', ['transaction' => true], $url);
            $held = $this->escape('http', ['transaction' => true, 'holdOutgoingHttp' => true], $url);
        } finally {
            $external->stop();
        }

        $this->assertSame(1, $sent['trace']['notUndone']['outgoingRequests']);
        $this->assertSame(200, $sent['trace']['http'][0]['status']);
        $this->assertArrayNotHasKey('held', $sent['trace']['http'][0]);

        $this->assertSame(0, $held['trace']['notUndone']['outgoingRequests']);
        $this->assertSame(['method' => 'POST', 'url' => $external->url('/report'), 'held' => true, 'status' => 200], array_diff_key($held['trace']['http'][0], ['timeMs' => 0]));

        $this->assertSame('Illuminate\Http\Client\Factory', get_class(Http::getFacadeRoot()));
    }

    public function test_holding_outgoing_http_answers_with_a_fake_instead_of_sending(): void
    {
        $down = 'http://127.0.0.1:'.PhpServer::freePort().'/down';
        [$meta, $body] = $this->frame($this->relay(['url' => '/api/trace/http', 'query' => [['name' => 'url', 'value' => $down]], 'holdOutgoingHttp' => true]));

        $this->assertSame(['status' => 200], json_decode($body, true), 'the app got the fake answer');
        $this->assertTrue($meta['trace']['http'][0]['held']);
        $this->assertArrayNotHasKey('error', $meta['trace']['http'][0]);
        $this->assertArrayNotHasKey('notUndone', $meta['trace'], 'outside transaction mode nothing claims to be undone');

        // The app's own client is back: the next call is sent again (and fails, nobody listens).
        [$after] = $this->frame($this->relay(['url' => '/api/trace/http', 'query' => [['name' => 'url', 'value' => $down]]]));
        $this->assertSame('No response (connection failed)', $after['trace']['http'][0]['error']);
    }

    public function test_event_listeners_and_sync_jobs_are_said_to_have_run(): void
    {
        $meta = $this->escape('event,sync');

        $notUndone = $meta['trace']['notUndone'];
        $this->assertSame([['event' => 'App\Events\ReportRequested', 'listeners' => 1]], $notUndone['listeners']);
        $this->assertSame(['App\Jobs\BuildReportNow'], $notUndone['syncJobs']);
        $logs = implode(' ', array_column($meta['trace']['logs'], 'message'));
        $this->assertStringContainsString('report requested: monthly', $logs);
        $this->assertStringContainsString('report built now', $logs);
    }

    public function test_the_apps_own_commit_is_reported_as_a_lost_transaction_not_a_500(): void
    {
        foreach (['commit' => 4, 'raw-commit' => 5] as $how => $users) {
            $meta = $this->escape($how);

            $this->assertSame(200, $meta['status'], $how);
            $this->assertFalse($meta['trace']['rolledBack'], "{$how}: no rollback is claimed");
            $this->assertSame($users, User::count(), "{$how}: the user the app committed persisted");
            $lost = $meta['trace']['notUndone']['lostTransactions'];
            $this->assertCount(1, $lost, $how);
            $this->assertSame(DB::getDefaultConnection(), $lost[0]['connection']);
            $this->assertNotSame('', $lost[0]['message']);
            foreach (DB::getConnections() as $name => $connection) {
                $this->assertSame(0, $connection->transactionLevel(), "{$how}: a transaction stays open on {$name}");
            }
        }

        // The next call in transaction mode is rolled back again.
        $meta = $this->escape('');
        $this->assertTrue($meta['trace']['rolledBack']);
        $this->assertSame([], $meta['trace']['notUndone']['lostTransactions']);
        $this->assertSame(5, User::count());
    }

    public function test_a_call_that_escapes_nothing_says_so(): void
    {
        $meta = $this->escape('');

        $this->assertTrue($meta['trace']['rolledBack']);
        $this->assertSame(['lostTransactions' => [], 'files' => [], 'cache' => [], 'outgoingRequests' => 0, 'listeners' => [], 'syncJobs' => []], $meta['trace']['notUndone']);
    }
}
