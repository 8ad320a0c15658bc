<?php

namespace Kite\Tests\Feature;

use Kite\Kite;
use Kite\Tests\Support\KiteOverHttp;
use Kite\Tests\Support\PhpServer;
use Kite\Tests\Support\ScratchApp;
use PHPUnit\Framework\TestCase;

/**
 * Issue 28's injectors for calls that leave the in-process relay: the app under `php -S` twice, one
 * server for Kite, one for the same app over HTTP (its URL in kite.auth.self_urls: same APP_KEY,
 * database and session files), called with a cookie jar like a browser.
 */
class AuthOverHttpTest extends TestCase
{
    use KiteOverHttp;

    private static ScratchApp $app;

    private static PhpServer $kite;

    private static PhpServer $sameApp;

    protected function kiteServer(): PhpServer
    {
        return self::$kite;
    }

    public static function setUpBeforeClass(): void
    {
        self::$app = new ScratchApp;
        [$code, $output] = self::$app->artisan('migrate:fresh --seed --force');
        if ($code !== 0) {
            throw new \RuntimeException($output);
        }
        self::$sameApp = new PhpServer(self::$app->documentRoot(), self::$app->router(), self::$app->env());
        $stub = var_export(Kite::packagePath('stubs/config/kite.php'), true);
        $url = var_export(self::$sameApp->url(), true);
        file_put_contents(self::$app->basePath.'/config/kite.php', "<?php\n\$config = require {$stub};\n\$config['relay']['allowed_urls'] = [{$url}];\n\$config['auth']['self_urls'] = [{$url}];\nreturn \$config;\n");
        self::$kite = new PhpServer(self::$app->documentRoot(), self::$app->router(), self::$app->env(['KITE_IMPERSONATION' => 'true']));
    }

    public static function tearDownAfterClass(): void
    {
        self::$kite->stop();
        self::$sameApp->stop();
        self::$app->remove();
    }

    protected function setUp(): void
    {
        $this->cookieJar = tempnam(sys_get_temp_dir(), 'kite-cookies-');
        $this->http('GET', '/http-client');
    }

    protected function tearDown(): void
    {
        @unlink($this->cookieJar);
    }

    private function rememberToken(int $userId): ?string
    {
        $database = new \PDO('sqlite:'.self::$app->basePath.'/storage/database.sqlite');

        return $database->query('SELECT remember_token FROM users WHERE id = '.$userId)->fetchColumn() ?: null;
    }

    public function test_a_web_post_over_http_to_the_same_app_gets_a_session_and_csrf_token_of_its_own(): void
    {
        [$status, $meta, $body] = $this->relayOverHttp(['method' => 'POST', 'url' => self::$sameApp->url('/web-form'), 'body' => ['type' => 'json', 'text' => '{"title":"Draft"}'], 'authorization' => ['type' => 'none']]);

        $this->assertSame(200, $status, json_encode($meta));
        $this->assertSame(200, $meta['status'], (string) $body);
        $this->assertSame(['saved' => 'Draft', 'user' => null], json_decode($body, true));
    }

    public function test_impersonating_over_http_to_the_same_app_sends_the_remember_me_cookie_and_clears_the_token_made_for_it(): void
    {
        $this->assertNull($this->rememberToken(3));

        [$status, $meta, $body] = $this->relayOverHttp(['method' => 'POST', 'url' => self::$sameApp->url('/web-form-signed-in'), 'body' => ['type' => 'json', 'text' => '{"title":"Notes"}'], 'authorization' => ['type' => 'impersonate', 'userId' => '3']]);

        $this->assertSame(200, $status, json_encode($meta));
        $this->assertSame(200, $meta['status'], (string) $body);
        $this->assertSame(['saved' => 'Notes', 'user' => 3], json_decode($body, true));
        $this->assertNull($this->rememberToken(3), 'the remember token made for the call is cleared after it');
        $this->assertSame([], $this->sessionsOf(3), 'no session signed in as the user is left in the store');
    }

    /** @return list<string> the session files of the app's store that hold a login of the user */
    private function sessionsOf(int $userId): array
    {
        return array_values(array_filter(glob(self::$app->basePath.'/storage/framework/sessions/*') ?: [], static fn ($file) => preg_match('/"login_web_[0-9a-f]+";i:'.$userId.';/', (string) file_get_contents($file)) === 1));
    }

    public function test_the_logged_in_user_is_carried_over_http_to_the_same_app(): void
    {
        $this->http('GET', '/_fixture/login/2');

        [, $meta, $body] = $this->relayOverHttp(['url' => self::$sameApp->url('/api/me'), 'authorization' => ['type' => 'current-user']]);

        $this->assertSame(200, $meta['status'], (string) $body);
        $this->assertSame(['id' => 2, 'name' => 'Grace Hopper'], json_decode($body, true));
    }
}
