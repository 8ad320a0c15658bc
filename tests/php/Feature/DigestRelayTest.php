<?php

namespace Kite\Tests\Feature;

use Illuminate\Http\Request;
use Illuminate\Support\Facades\Route;
use Kite\Relay\Digest;
use Kite\Tests\Support\ExternalTarget;
use Kite\Tests\Support\ScratchApp;
use Kite\Tests\TestCase;

/**
 * Digest auth (issue 27) on the Laravel host: the app's own route run in-process and a target
 * outside it (tests/php/fixture/external under `php -S`), both checked by a verifier written apart
 * from Kite's (tests/php/fixture/external/digest-verifier.php); and the answer against the RFCs.
 */
class DigestRelayTest extends TestCase
{
    use ExternalTarget;

    protected function setUp(): void
    {
        parent::setUp();
        $this->allowExternalTarget();
        require_once ScratchApp::fixturePath('external/digest-verifier.php');
        Route::middleware('api')->post('api/digest-files', function (Request $request) {
            $user = kite_digest_user($request->header('Authorization'), $request->method(), $request->getRequestUri(), ['ada' => 'pä:ss'], 'SHA-256');

            return $user === null
                ? response()->json(['message' => 'Digest authentication required'], 401, ['WWW-Authenticate' => kite_digest_challenge('SHA-256')])
                : response()->json(['user' => $user, 'body' => $request->getContent()]);
        });
    }

    private function digest(string $password): array
    {
        return ['type' => 'digest', 'username' => 'ada', 'password' => $password];
    }

    public function test_digest_answers_the_apps_own_route_in_process_with_the_body_unchanged_where_no_auth_gets_401(): void
    {
        $body = ['type' => 'json', 'text' => '{"name":"report.pdf"}'];
        [$anonymous] = $this->frame($this->relay(['method' => 'POST', 'url' => '/api/digest-files?page=2', 'body' => $body]));
        $this->assertSame(401, $anonymous['status']);

        [$meta, $answer] = $this->frame($this->relay(['method' => 'POST', 'url' => '/api/digest-files?page=2', 'body' => $body, 'authorization' => $this->digest('pä:ss')]));
        $this->assertSame(200, $meta['status'], $answer);
        $this->assertSame(['user' => 'ada', 'body' => '{"name":"report.pdf"}'], json_decode($answer, true));
        $this->assertArrayHasKey('challengeMs', $meta['timing']);
        $this->assertGreaterThanOrEqual($meta['timing']['challengeMs'], $meta['timing']['totalMs']);
    }

    public function test_digest_answers_an_external_targets_md5_and_sha256_challenges(): void
    {
        foreach (['/digest' => 'MD5', '/digest/sha-256' => 'SHA-256'] as $path => $algorithm) {
            [$meta, $answer] = $this->frame($this->relay(['method' => 'PUT', 'url' => self::$external->url($path), 'body' => ['type' => 'raw', 'text' => 'kept'], 'authorization' => $this->digest('pä:ss')]));
            $this->assertSame(200, $meta['status'], $answer);
            $this->assertSame(['user' => 'ada', 'algorithm' => $algorithm, 'body' => 'kept'], json_decode($answer, true));
        }
    }

    public function test_a_wrong_password_gets_the_targets_second_401_as_it_is(): void
    {
        [$meta, $answer] = $this->frame($this->relay(['url' => self::$external->url('/digest'), 'authorization' => $this->digest('wrong')]));
        $this->assertSame(401, $meta['status']);
        $this->assertSame('Digest authentication required', json_decode($answer, true)['message']);
        $this->assertArrayHasKey('challengeMs', $meta['timing'], 'one answer was sent, then the second 401 returned');
    }

    public function test_a_digest_username_with_a_line_break_is_a_422_naming_it(): void
    {
        $this->relay(['url' => '/api/users', 'authorization' => ['type' => 'digest', 'username' => "ada\r\nX-Injected: 1", 'password' => 'p']])
            ->assertStatus(422)
            ->assertJsonPath('error.field', 'authorization.username');
    }

    public function test_the_answer_is_the_rfcs_worked_examples(): void
    {
        $md5 = Digest::challenge(['Digest realm="testrealm@host.com", qop="auth,auth-int", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", opaque="5ccc069c403ebaf9f0171e9517f40e41"']);
        $this->assertStringContainsString('response="6629fae49393a05397450978507c4ef1"', Digest::authorization($md5, 'GET', '/dir/index.html', 'Mufasa', 'Circle Of Life', '', '0a4f113b'));

        $params = 'realm="http-auth@example.org", qop="auth, auth-int", nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"';
        $sha = Digest::challenge(["Digest {$params}, algorithm=MD5", "Digest {$params}, algorithm=SHA-256"]);
        $this->assertSame('SHA-256', $sha['algorithm']);
        $this->assertStringContainsString('response="753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1"', Digest::authorization($sha, 'GET', '/dir/index.html', 'Mufasa', 'Circle of Life', '', 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ'));

        $this->assertNull(Digest::challenge(['Basic realm="x"', 'Digest realm="x", nonce="n", algorithm=SHA-512-256']));
    }
}
