<?php

namespace Kite\Tests\Feature;

use App\Models\User;
use Illuminate\Support\Facades\Artisan;
use Kite\Tests\TestCase;

/**
 * `php artisan kite:run`: the workspace's saved requests run in-process; --transaction leaves no
 * rows behind; a Laravel-only check that fails exits 1 with a JUnit file CI reads; usage and file
 * errors exit 2 naming what is wrong; secrets come from KITE_VAR_name and stay out of reports.
 */
class RunCommandTest extends TestCase
{
    private string $workspace = '';

    private string $output = '';

    protected function setUp(): void
    {
        parent::setUp();
        $this->workspace = sys_get_temp_dir().'/kite-run-'.uniqid();
        $this->output = $this->workspace.'-reports';
        mkdir($this->workspace.'/requests', 0777, true);
        mkdir($this->workspace.'/environments');
        file_put_contents($this->workspace.'/environments/ci.json', json_encode(['name' => 'CI', 'variables' => ['who' => '2', 'token' => ['value' => '', 'secret' => true]]]));
    }

    protected function tearDown(): void
    {
        foreach ([$this->workspace, $this->output] as $folder) {
            if (is_dir($folder)) {
                $files = new \RecursiveIteratorIterator(new \RecursiveDirectoryIterator($folder, \FilesystemIterator::SKIP_DOTS), \RecursiveIteratorIterator::CHILD_FIRST);
                foreach ($files as $file) {
                    $file->isDir() ? rmdir($file->getPathname()) : unlink($file->getPathname());
                }
                rmdir($folder);
            }
        }
        putenv('KITE_VAR_token');
        parent::tearDown();
    }

    private function request(string $slug, array $fields): void
    {
        $file = $fields + ['name' => $slug, 'folder' => '', 'application' => '', 'method' => 'GET', 'pathParams' => new \stdClass, 'query' => [], 'headers' => [['name' => 'Accept', 'value' => 'application/json', 'enabled' => true]], 'body' => ['type' => 'none'], 'auth' => ['type' => 'none'], 'captures' => [], 'assertions' => []];
        file_put_contents("{$this->workspace}/requests/{$slug}.json", json_encode($file, JSON_UNESCAPED_SLASHES));
    }

    private static function line(string $source, string $operator, string $expected = '', string $path = ''): array
    {
        return ['source' => $source, 'path' => $path, 'operator' => $operator, 'expected' => $expected];
    }

    /** @return array{0: int, 1: string} the exit status and what it printed */
    private function kiteRun(array $options = []): array
    {
        $code = Artisan::call('kite:run', ['--workspace' => $this->workspace] + $options);

        return [$code, Artisan::output()];
    }

    /** Two writes, then a read that sees them through a captured value. */
    private function writingRequests(): void
    {
        $this->request('a-write', ['method' => 'POST', 'url' => '/api/trace/write', 'assertions' => [self::line('status', 'equals', '200')]]);
        $this->request('b-write-again', ['method' => 'POST', 'url' => '/api/trace/write', 'captures' => [['variable' => 'users', 'source' => 'body', 'path' => '$.users', 'secret' => false]], 'assertions' => [self::line('status', 'equals', '200'), self::line('body', 'equals', '5', '$.users')]]);
        $this->request('c-count', ['url' => '/api/users', 'assertions' => [self::line('status', 'equals', '200'), self::line('body', 'length', '{{users}}', '$')]]);
    }

    public function test_a_run_with_transaction_leaves_no_rows_and_its_requests_see_each_others_writes(): void
    {
        $this->writingRequests();
        $before = User::count();

        [$code, $output] = $this->kiteRun(['--transaction' => null]);

        $this->assertSame(0, $code, $output);
        $this->assertStringContainsString('[2/3] PASS b-write-again — POST http://localhost/api/trace/write — 200 in', $output);
        $this->assertStringContainsString('The whole run ran in one transaction, rolled back at the end.', $output);
        // Not held back in a whole-run transaction (each call runs without the relay's own mode): said so.
        $this->assertMatchesRegularExpression('/not undone: mail sent to written-\w+@example\.com: Welcome, Written /', $output);
        $this->assertSame($before, User::count(), 'the run left no rows');
    }

    public function test_a_run_with_one_transaction_per_request_leaves_no_rows_either(): void
    {
        $this->request('a-write', ['method' => 'POST', 'url' => '/api/trace/write', 'assertions' => [self::line('mail', 'subject-contains', 'Welcome'), self::line('dispatched', 'of-class', 'PingJob')]]);
        $before = User::count();

        [$code, $output] = $this->kiteRun(['--transaction' => 'request']);

        $this->assertSame(0, $code, $output);
        $this->assertStringContainsString('Each request ran in its own transaction, rolled back after it.', $output);
        $this->assertSame($before, User::count());

        [$code] = $this->kiteRun(['--transaction' => 'nested']);
        $this->assertSame(2, $code);
    }

    public function test_without_transaction_the_writes_stay(): void
    {
        $this->writingRequests();
        $before = User::count();

        [$code, $output] = $this->kiteRun();

        $this->assertSame(0, $code, $output);
        $this->assertSame($before + 2, User::count());
    }

    public function test_a_failing_laravel_only_check_exits_1_with_a_junit_file_ci_reads(): void
    {
        // GET /api/trace/queries reads every user one by one: an N+1.
        $this->request('n-plus-one', ['url' => '/api/trace/queries', 'assertions' => [
            self::line('status', 'equals', '200'),
            self::line('queries', 'no-repeated-shape'),
            self::line('log', 'nothing-at-or-above', 'error'),
            self::line('row', 'exists-where', 'grace@example.com', 'users.email'),
            self::line('row', 'exists-where', 'nobody@example.com', 'users.email'),
        ]]);

        [$code, $output] = $this->kiteRun(['--reporter' => 'cli,junit,json', '--output' => $this->output]);

        $this->assertSame(1, $code, $output);
        $this->assertStringContainsString('✗ queries no repeated shape (N+1)', $output);
        $xml = simplexml_load_string((string) file_get_contents($this->output.'/kite-junit.xml'));
        $this->assertNotFalse($xml);
        $this->assertSame('testsuites', $xml->getName());
        $this->assertSame(['5', '2', '0'], [(string) $xml['tests'], (string) $xml['failures'], (string) $xml['errors']]);
        $this->assertCount(1, $xml->testsuite);
        $suite = $xml->testsuite[0];
        $this->assertSame('requests/n-plus-one.json', (string) $suite['name']);
        $this->assertCount(5, $suite->testcase);
        $this->assertSame('GET http://localhost/api/trace/queries', (string) $suite->testcase[1]['classname']);
        $this->assertSame('n-plus-one: queries no repeated shape (N+1)', (string) $suite->testcase[1]['name']);
        $this->assertMatchesRegularExpression('/^Expected: \nActual: \d+× select .* from "users" where "id" = \? limit \?\nThe same query ran \d+ times \(a likely N\+1\)/', (string) $suite->testcase[1]->failure);
        $this->assertSame('assertion', (string) $suite->testcase[1]->failure['type']);
        $this->assertCount(0, $suite->testcase[3]->failure, 'the row of a column the rules name is found');
        $this->assertSame('No row of users has email = nobody@example.com', (string) $suite->testcase[4]->failure['message']);
        $report = json_decode((string) file_get_contents($this->output.'/kite-report.json'), true);
        $this->assertSame(['requests' => 1, 'assertions' => 5, 'passed' => 3, 'failed' => 2, 'errors' => 0], $report['totals']);
    }

    public function test_usage_and_file_errors_exit_2_naming_what_is_wrong(): void
    {
        $this->request('ok', ['url' => '/api/users']);
        [$code, $output] = $this->kiteRun(['--reporter' => 'junit']);
        $this->assertSame(2, $code);
        file_put_contents($this->workspace.'/requests/broken.json', '{"name": ');
        [$code] = $this->kiteRun();
        $this->assertSame(2, $code);
        [$code] = $this->kiteRun(['--env' => 'staging']);
        $this->assertSame(2, $code);
        [$code] = $this->kiteRun(['selection' => ['no-such-folder']]);
        $this->assertSame(2, $code);
    }

    public function test_a_secret_comes_from_kite_var_and_stays_out_of_every_report(): void
    {
        // The echo route answers what it got: the token is sent, and the report shows {{token}}.
        $this->request('echo', ['method' => 'POST', 'url' => '/api/echo', 'auth' => ['type' => 'bearer', 'token' => '{{token}}'], 'body' => ['type' => 'json', 'text' => '{"a":1}'],
            'assertions' => [self::line('body', 'contains', 'nothing-like-this', '$')]]);
        [$code, $output] = $this->kiteRun(['--env' => 'CI']);
        $this->assertSame(1, $code);
        $this->assertStringContainsString('{{token}} has no value', $output, 'without KITE_VAR_token the request stops as unresolved');

        putenv('KITE_VAR_token=s3cret-token-value');
        [$code, $output] = $this->kiteRun(['--env' => 'CI', '--reporter' => 'cli,junit,json', '--output' => $this->output]);
        $this->assertSame(1, $code, $output);
        $this->assertStringContainsString('Bearer {{token}}', $output);
        foreach ([$output, file_get_contents($this->output.'/kite-junit.xml'), file_get_contents($this->output.'/kite-report.json')] as $text) {
            $this->assertStringNotContainsString('s3cret-token-value', (string) $text);
        }
    }
}
