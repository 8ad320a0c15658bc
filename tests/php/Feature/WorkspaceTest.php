<?php

namespace Kite\Tests\Feature;

use Illuminate\Testing\TestResponse;
use Kite\Tests\TestCase;
use Kite\Workspace\WorkspaceFolder;

class WorkspaceTest extends TestCase
{
    private string $folder;

    protected function setUp(): void
    {
        parent::setUp();
        $this->folder = sys_get_temp_dir().'/kite-workspace-'.bin2hex(random_bytes(4));
        mkdir($this->folder);
        config(['kite.workspace' => $this->folder]);
    }

    protected function tearDown(): void
    {
        exec('rm -rf '.escapeshellarg($this->folder));
        parent::tearDown();
    }

    private function putFile(string $path, mixed $content, bool $withToken = true, array $headers = []): TestResponse
    {
        $headers += ['Content-Type' => 'application/json', 'Accept' => 'application/json'] + ($withToken ? ['X-CSRF-TOKEN' => self::TOKEN] : []);

        return $this->withSession(['_token' => self::TOKEN])->call('PUT', "/http-client/api/workspace/files/{$path}", [], [], [], $this->transformHeadersToServerVars($headers), is_string($content) ? $content : json_encode($content));
    }

    public function test_an_environment_is_written_as_pretty_json_with_sorted_keys_and_read_back(): void
    {
        $this->putFile('environments/local.json', ['variables' => ['userId' => '2', 'b' => '1'], 'name' => 'local'])->assertOk();

        $this->assertSame("{\n  \"name\": \"local\",\n  \"variables\": {\n    \"b\": \"1\",\n    \"userId\": \"2\"\n  }\n}\n", file_get_contents($this->folder.'/environments/local.json'));
        $this->getJson('/http-client/api/workspace')->assertOk()
            ->assertJsonPath('writable', true)
            ->assertJsonPath('files.0.path', 'environments/local.json');
        $this->getJson('/http-client/api/workspace/files/environments/local.json')->assertOk()->assertJsonPath('content.variables.userId', '2');
    }

    public function test_empty_objects_stay_objects_in_a_request_file(): void
    {
        $this->putFile('requests/me.json', json_encode(['name' => 'Me', 'method' => 'GET', 'url' => '/api/me', 'pathParams' => new \stdClass(), 'auth' => ['type' => 'current-user']]))->assertOk();
        $this->assertStringContainsString('"pathParams": {}', file_get_contents($this->folder.'/requests/me.json'));
    }

    public function test_writes_need_the_xsrf_token_and_stay_inside_the_folder(): void
    {
        $this->putFile('requests/a.json', ['name' => 'a', 'method' => 'GET', 'url' => '/'], false)->assertStatus(419)->assertJsonPath('error.code', 'XSRF_MISMATCH');
        $this->putFile('requests/..%2F..%2Fescape.json', ['name' => 'a', 'method' => 'GET', 'url' => '/'])->assertStatus(422)->assertJsonPath('error.code', 'INVALID_WORKSPACE_PATH');
        $this->putFile('other/a.json', ['name' => 'a', 'method' => 'GET', 'url' => '/'])->assertStatus(422);
        symlink(sys_get_temp_dir(), $this->folder.'/requests');
        $this->putFile('requests/a.json', ['name' => 'a', 'method' => 'GET', 'url' => '/'])->assertStatus(422)->assertJsonPath('error.message', 'requests is a symbolic link; Kite does not follow links in the workspace');
    }

    public function test_a_malformed_file_is_a_clear_422_and_credentials_are_refused(): void
    {
        mkdir($this->folder.'/requests');
        file_put_contents($this->folder.'/requests/broken.json', '{"name": ');
        $this->getJson('/http-client/api/workspace/files/requests/broken.json')->assertStatus(422)
            ->assertJsonPath('error.code', 'INVALID_WORKSPACE_FILE')
            ->assertJsonPath('error.message', 'requests/broken.json is not valid JSON: Syntax error');
        $this->putFile('requests/a.json', ['name' => 'a', 'method' => 'GET', 'url' => '/', 'auth' => ['type' => 'bearer', 'token' => 't']])->assertStatus(422)
            ->assertJsonPath('error.message', '"auth" keeps only its type and {{variable}} references; credentials (token) never go into a file');
    }

    public function test_assertions_are_kept_in_their_order_and_one_with_an_operator_its_source_does_not_take_is_refused(): void
    {
        $assertions = [
            ['expected' => '2xx', 'operator' => 'class', 'path' => '', 'source' => 'status'],
            ['expected' => '{{id}}', 'operator' => 'equals', 'path' => '$.data.id', 'source' => 'body'],
        ];
        $this->putFile('requests/user.json', ['name' => 'User', 'method' => 'GET', 'url' => '/users/1', 'assertions' => $assertions])->assertOk();
        $this->getJson('/http-client/api/workspace/files/requests/user.json')->assertOk()->assertJsonPath('content.assertions', $assertions);
        $this->assertStringContainsString("{\n      \"expected\": \"2xx\",\n      \"operator\": \"class\",\n      \"path\": \"\",\n      \"source\": \"status\"\n    },", file_get_contents($this->folder.'/requests/user.json'));
        $this->putFile('requests/bad.json', ['name' => 'Bad', 'method' => 'GET', 'url' => '/', 'assertions' => [['source' => 'status', 'path' => '', 'operator' => 'contains', 'expected' => '2']]])->assertStatus(422)
            ->assertJsonPath('error.code', 'INVALID_WORKSPACE_FILE')
            ->assertJsonPath('error.message', 'assertion 1: status takes equals, class, not "contains"');
        $this->putFile('requests/bad.json', ['name' => 'Bad', 'method' => 'GET', 'url' => '/', 'assertions' => [['source' => 'body', 'operator' => 'exists']]])->assertStatus(422)
            ->assertJsonPath('error.message', 'assertion 1 must be { "source", "path", "operator", "expected" } with string values');
        $this->assertFileDoesNotExist($this->folder.'/requests/bad.json');
    }

    public function test_send_as_identities_are_kept_with_their_expected_statuses_and_a_literal_token_among_them_is_refused(): void
    {
        $identities = [['expectStatus' => 401, 'kind' => 'guest'], ['expectStatus' => 403, 'kind' => 'user', 'userId' => '3'], ['kind' => 'token', 'token' => '{{admin_token}}']];
        $this->putFile('requests/booking.json', ['name' => 'Booking', 'method' => 'PATCH', 'url' => '/bookings/1', 'identities' => $identities])->assertOk();
        $this->getJson('/http-client/api/workspace/files/requests/booking.json')->assertOk()->assertJsonPath('content.identities', $identities);
        $this->putFile('requests/bad.json', ['name' => 'Bad', 'method' => 'GET', 'url' => '/', 'identities' => [['kind' => 'token', 'token' => 'eyJ.secret']]])->assertStatus(422)
            ->assertJsonPath('error.code', 'INVALID_WORKSPACE_FILE')
            ->assertJsonPath('error.message', 'identity 1: "token" must be a {{variable}} reference, never the token itself');
        $this->putFile('requests/bad.json', ['name' => 'Bad', 'method' => 'GET', 'url' => '/', 'identities' => [['kind' => 'guest', 'expectStatus' => 'ok']]])->assertStatus(422)
            ->assertJsonPath('error.message', 'identity 1: "expectStatus" must be an HTTP status (100-599)');
        $this->assertFileDoesNotExist($this->folder.'/requests/bad.json');
    }

    public function test_auth_variable_references_and_secret_variable_names_are_kept_and_their_literal_values_refused(): void
    {
        $this->putFile('requests/me.json', ['name' => 'Me', 'method' => 'GET', 'url' => '/me', 'auth' => ['type' => 'bearer', 'token' => '{{token}}']])->assertOk();
        $this->getJson('/http-client/api/workspace/files/requests/me.json')->assertOk()->assertJsonPath('content.auth.token', '{{token}}');
        $this->putFile('requests/b.json', ['name' => 'b', 'method' => 'GET', 'url' => '/', 'auth' => ['type' => 'basic', 'username' => '{{user}}', 'password' => "{{pw}}\nx"]])->assertStatus(422)
            ->assertJsonPath('error.message', '"auth" keeps only its type and {{variable}} references; credentials (password) never go into a file');
        $this->putFile('environments/local.json', ['name' => 'local', 'variables' => ['userId' => '2', 'token' => ['value' => '', 'secret' => true]]])->assertOk();
        $this->getJson('/http-client/api/workspace/files/environments/local.json')->assertOk()->assertJsonPath('content.variables.token', ['secret' => true, 'value' => '']);
        $this->putFile('environments/local.json', ['name' => 'local', 'variables' => ['token' => ['value' => 'abc', 'secret' => true]]])->assertStatus(422)
            ->assertJsonPath('error.message', 'secret variable "token" keeps no value in a file: { "value": "", "secret": true }');
    }

    public function test_a_folders_settings_keep_auth_references_are_listed_refuse_a_literal_credential_and_a_request_may_inherit(): void
    {
        $this->putFile('folders/users.json', ['folder' => 'users', 'auth' => ['type' => 'bearer', 'token' => '{{token}}']])->assertOk();
        $this->assertSame("{\n  \"auth\": {\n    \"token\": \"{{token}}\",\n    \"type\": \"bearer\"\n  },\n  \"folder\": \"users\"\n}\n", file_get_contents($this->folder.'/folders/users.json'));
        $this->putFile('folders/workspace.json', ['folder' => '', 'auth' => ['type' => 'none']])->assertOk();
        $this->getJson('/http-client/api/workspace')->assertOk()->assertJsonPath('files.0.path', 'folders/users.json')->assertJsonPath('files.1.path', 'folders/workspace.json');
        $this->putFile('folders/users.json', ['folder' => 'users', 'auth' => ['type' => 'bearer', 'token' => 'abc']])->assertStatus(422)
            ->assertJsonPath('error.message', '"auth" keeps only its type and {{variable}} references; credentials (token) never go into a file');
        $this->putFile('folders/x.json', ['auth' => ['type' => 'none']])->assertStatus(422)->assertJsonPath('error.code', 'INVALID_WORKSPACE_FILE');
        $this->putFile('folders/x.json', ['folder' => 'x'])->assertStatus(422)->assertJsonPath('error.message', '"auth" must be { "type": … }');
        $this->putFile('folders/x.json', ['folder' => 'x', 'auth' => ['type' => 'none'], 'headers' => []])->assertStatus(422)
            ->assertJsonPath('error.message', 'a folder\'s settings hold "folder" and "auth" only, not headers');
        $this->getJson('/http-client/api/workspace/files/folders/users.json')->assertOk()->assertJsonPath('content.auth.token', '{{token}}');
        $this->putFile('requests/me.json', ['name' => 'Me', 'folder' => 'users', 'method' => 'GET', 'url' => '/me', 'auth' => ['type' => 'inherit']])->assertOk();
        $this->getJson('/http-client/api/workspace/files/requests/me.json')->assertOk()->assertJsonPath('content.auth', ['type' => 'inherit']);
    }

    public function test_a_file_is_deleted(): void
    {
        $this->putFile('requests/a.json', ['name' => 'a', 'method' => 'GET', 'url' => '/'])->assertOk();
        $this->withSession(['_token' => self::TOKEN])->call('DELETE', '/http-client/api/workspace/files/requests/a.json', [], [], [], $this->transformHeadersToServerVars(['X-CSRF-TOKEN' => self::TOKEN, 'Accept' => 'application/json']))->assertOk();
        $this->getJson('/http-client/api/workspace/files/requests/a.json')->assertNotFound()->assertJsonPath('error.code', 'NOT_FOUND');
    }

    public function test_a_file_name_with_a_trailing_newline_is_refused(): void
    {
        $this->putFile('requests/a.json%0A', ['name' => 'a', 'method' => 'GET', 'url' => '/'])->assertStatus(422)->assertJsonPath('error.code', 'INVALID_WORKSPACE_PATH');
        $this->getJson('/http-client/api/workspace/files/requests/a.json%0A')->assertStatus(422)->assertJsonPath('error.code', 'INVALID_WORKSPACE_PATH');
        $this->assertFalse(WorkspaceFolder::isFilePath("requests/a.json\n"));
        $this->assertSame([], glob($this->folder.'/requests/*') ?: []);
    }

    public function test_a_save_is_refused_with_409_when_the_file_changed_on_disk_since_it_was_read(): void
    {
        $read = $this->putFile('requests/a.json', ['name' => 'a', 'method' => 'GET', 'url' => '/'])->assertOk()->json('modifiedMs');
        $this->putFile('requests/a.json', ['name' => 'as read', 'method' => 'GET', 'url' => '/'], headers: ['X-Kite-Modified-Ms' => (string) $read])->assertOk();
        // Someone edits the file by hand a minute later.
        file_put_contents($this->folder.'/requests/a.json', '{"name": "on disk", "method": "GET", "url": "/"}');
        touch($this->folder.'/requests/a.json', intdiv($read, 1000) + 60);

        $this->putFile('requests/a.json', ['name' => 'mine', 'method' => 'GET', 'url' => '/'], headers: ['X-Kite-Modified-Ms' => (string) $read])
            ->assertStatus(409)
            ->assertJsonPath('error.code', 'WORKSPACE_CONFLICT')
            ->assertJsonPath('error.message', 'requests/a.json changed on disk since it was read (at '.gmdate('Y-m-d\TH:i:s', intdiv($read, 1000) + 60).'.000Z); nothing was written');
        $this->assertStringContainsString('on disk', file_get_contents($this->folder.'/requests/a.json'));
        // Without the precondition ("Overwrite") the save goes through.
        $this->putFile('requests/a.json', ['name' => 'mine', 'method' => 'GET', 'url' => '/'])->assertOk();
        $this->assertStringContainsString('"name": "mine"', file_get_contents($this->folder.'/requests/a.json'));
        $this->putFile('requests/gone.json', ['name' => 'gone', 'method' => 'GET', 'url' => '/'], headers: ['X-Kite-Modified-Ms' => (string) $read])->assertStatus(409)->assertJsonPath('error.code', 'WORKSPACE_CONFLICT');
        $this->putFile('requests/a.json', ['name' => 'mine', 'method' => 'GET', 'url' => '/'], headers: ['X-Kite-Modified-Ms' => 'yesterday'])->assertStatus(422)->assertJsonPath('error.field', 'X-Kite-Modified-Ms');
    }

    public function test_a_full_disk_is_a_507_error_body_and_leaves_no_temporary_file(): void
    {
        // Writes half the bytes, as a disk that fills up half-way does.
        $this->app->bind(WorkspaceFolder::class, fn () => new WorkspaceFolder($this->folder, static fn (string $file, string $bytes) => file_put_contents($file, substr($bytes, 0, intdiv(strlen($bytes), 2)))));
        mkdir($this->folder.'/requests');

        foreach ([1, 2, 3] as $attempt) {
            $this->putFile('requests/a.json', ['name' => 'a', 'method' => 'GET', 'url' => '/'])
                ->assertStatus(507)
                ->assertJsonPath('error.code', 'WORKSPACE_DISK_FULL')
                ->assertJsonPath('error.message', 'The disk holding the workspace is full: requests/a.json was not written');
        }
        $this->assertSame(['.', '..'], scandir($this->folder.'/requests'));
    }

    public function test_a_file_above_2_mb_is_a_413_error_body(): void
    {
        $this->putFile('requests/a.json', ['name' => 'a', 'method' => 'GET', 'url' => '/'.str_repeat('x', WorkspaceFolder::MAX_FILE_BYTES)])
            ->assertStatus(413)
            ->assertJsonPath('error.code', 'INVALID_WORKSPACE_FILE')
            ->assertJsonPath('error.message', 'A workspace file is at most 2 MB');
        $this->assertFileDoesNotExist($this->folder.'/requests/a.json');
    }

    public function test_content_nested_deeper_than_512_levels_is_a_422(): void
    {
        $this->putFile('requests/a.json', '{"name":"a","method":"GET","url":"/","x":'.str_repeat('[', 5000).str_repeat(']', 5000).'}')
            ->assertStatus(422)
            ->assertJsonPath('error.message', 'The file content nests deeper than 512 levels');
    }

    public function test_the_listing_does_not_follow_a_linked_environments_folder(): void
    {
        $outside = $this->folder.'-outside';
        mkdir($outside);
        file_put_contents($outside.'/stolen.json', '{"name": "stolen", "variables": {}}');
        symlink($outside, $this->folder.'/environments');
        try {
            $this->getJson('/http-client/api/workspace')->assertOk()->assertJsonPath('files', []);
        } finally {
            exec('rm -rf '.escapeshellarg($outside));
        }
    }

    public function test_an_exception_inside_a_workspace_call_is_a_500_error_body_not_an_html_page(): void
    {
        $this->app->bind(WorkspaceFolder::class, static fn () => throw new \RuntimeException('the folder exploded'));

        $response = $this->get('/http-client/api/workspace')->assertStatus(500);
        $this->assertSame('INTERNAL', $response->json('error.code'));
        $this->assertStringContainsString('application/json', (string) $response->headers->get('Content-Type'));
    }
}
