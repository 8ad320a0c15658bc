<?php

namespace Kite\Tests\Feature;

use Illuminate\Contracts\Http\Kernel;
use Illuminate\Http\Request;
use Kite\Kite;
use Kite\Tests\TestCase;

class PageTest extends TestCase
{
    private function kiteConfig(string $html): array
    {
        $this->assertSame(1, preg_match('/<script>window\.Kite = (.*?);<\/script>/', $html, $match), 'the page sets window.Kite');

        return json_decode($match[1], true, 512, JSON_THROW_ON_ERROR);
    }

    public function test_the_page_injects_the_kite_config_before_the_bundle(): void
    {
        $response = $this->get('/http-client/any/client/path')->assertOk()->assertHeader('Content-Type', 'text/html; charset=UTF-8');
        $html = $response->getContent();

        $this->assertSame([
            'basePath' => '/http-client',
            'assetsUrl' => '/vendor/kite',
            'apiUrl' => '/http-client/api',
            'version' => '0.1.0',
            'publishCommand' => 'php artisan kite:publish',
            'host' => 'laravel',
            'dataPickers' => true,
            'applications' => [['id' => 'laravel', 'name' => 'Laravel', 'baseUrl' => 'http://localhost']],
            'globalHeaders' => [['name' => 'Accept', 'value' => 'application/json']],
        ], $this->kiteConfig($html));
        $this->assertStringContainsString('<script type="module" src="/vendor/kite/kite.js?v=0.1.0"></script>', $html);
        $this->assertStringContainsString('href="/vendor/kite/kite.css?v=0.1.0"', $html);
        $this->assertStringNotContainsString('{{', $html);
    }

    public function test_the_page_tells_the_app_whether_the_data_pickers_answer_so_it_never_asks_in_vain(): void
    {
        config(['kite.data_pickers' => true]);
        $this->assertTrue($this->kiteConfig($this->get('/http-client')->assertOk()->getContent())['dataPickers']);

        config(['kite.data_pickers' => false]);
        $this->assertFalse($this->kiteConfig($this->get('/http-client')->assertOk()->getContent())['dataPickers']);
    }

    public function test_a_global_header_with_a_generator_value_in_config_reaches_the_page_as_the_app_reads_it(): void
    {
        config(['kite.global_headers' => ['Accept' => 'application/json', 'X-Request-Id' => 'generator:uuid']]);

        $this->assertSame(
            [['name' => 'Accept', 'value' => 'application/json'], ['name' => 'X-Request-Id', 'value' => 'generator:uuid']],
            $this->kiteConfig($this->get('/http-client')->assertOk()->getContent())['globalHeaders']
        );
    }

    public function test_the_page_preloads_the_published_entrys_static_imports(): void
    {
        $this->assertSame(0, $this->artisan('kite:publish'));
        $manifest = json_decode((string) file_get_contents(public_path('vendor/kite/manifest.json')), true);
        $chunks = array_values(array_filter($manifest['preload'], static fn ($file) => $file !== 'kite.js'));
        $this->assertContains('chunks/'.basename((string) current(preg_grep('/ClientScreen-/', $manifest['preload']))), $chunks, 'the main screen is preloaded');
        $this->assertNotEmpty($chunks, 'the bundle has static chunks to preload');

        $html = $this->get('/http-client')->assertOk()->getContent();

        foreach ($chunks as $chunk) {
            $this->assertStringContainsString('<link rel="modulepreload" href="/vendor/kite/'.$chunk.'">', $html);
        }
        $this->assertStringNotContainsString('modulepreload" href="/vendor/kite/kite.js"', $html);

        // Another screen's chunk does not import the main screen's: its page announces the entry's imports only.
        $initial = array_values(array_filter($manifest['initial'], static fn ($file) => $file !== 'kite.js'));
        foreach (['settings', 'status'] as $screen) {
            $other = $this->get('/http-client/'.$screen)->assertOk()->getContent();
            preg_match_all('/<link rel="modulepreload" href="\/vendor\/kite\/([^"]+)">/', $other, $found);
            $this->assertSame($initial, $found[1], $screen);
        }
    }

    public function test_the_main_screens_page_carries_the_routes_response(): void
    {
        $html = $this->get('/http-client')->assertOk()->getContent();
        $this->assertSame(1, preg_match('/<script type="application\/json" id="kite-routes">(.*?)<\/script>/', $html, $match), 'the page carries the routes');

        $carried = json_decode($match[1], true, 512, JSON_THROW_ON_ERROR);
        $this->assertSame($this->getJson('/http-client/api/routes')->assertOk()->json(), $carried);
        $this->assertNotEmpty($carried['applications'][0]['routes']);
        $this->assertStringNotContainsString('kite-routes', $this->get('/http-client/settings')->getContent(), 'other screens fetch them');
    }

    public function test_a_catalogue_too_large_for_the_page_is_carried_as_its_route_index(): void
    {
        config(['kite.applications' => [['name' => 'Bulk', 'prefixes' => ['api/bulk']]]]);
        // 1,000 routes: over PAGE_ROUTES_MAX_BYTES whole, within it as an index.
        for ($i = 0; $i < 1000; $i++) {
            \Illuminate\Support\Facades\Route::post("api/bulk/resource{$i}/{item}/attachments", static fn () => 'ok')->name("bulk.resource{$i}.attachments.store");
        }

        $routes = $this->getJson('/http-client/api/routes')->assertOk()->json();
        $this->assertGreaterThan(Kite::PAGE_ROUTES_MAX_BYTES, strlen((string) json_encode($routes)));
        $html = $this->get('/http-client')->assertOk()->getContent();
        $this->assertSame(1, preg_match('/<script type="application\/json" id="kite-routes">(.*?)<\/script>/', $html, $match), 'the page carries the route index');
        $this->assertLessThanOrEqual(Kite::PAGE_ROUTES_MAX_BYTES, strlen($match[1]));

        $carried = json_decode($match[1], true, 512, JSON_THROW_ON_ERROR);
        $this->assertTrue($carried['index']);
        $this->assertSame($routes['revision'], $carried['revision']);
        $this->assertSame(array_column($routes['applications'][0]['routes'], 'id'), array_column($carried['applications'][0]['routes'], 'id'));
        $first = $routes['applications'][0]['routes'][0];
        $listed = $carried['applications'][0]['routes'][0];
        $this->assertSame([], array_diff(array_keys($listed), ['id', 'methods', 'uri', 'name', 'summary', 'tags', 'group', 'extractionErrors']), 'only what the list shows');
        $this->assertSame([$first['id'], $first['methods'], $first['uri'], $first['group']], [$listed['id'], $listed['methods'], $listed['uri'], $listed['group']]);
    }

    public function test_a_catalogue_too_large_for_the_page_even_as_its_index_starts_the_index_call_in_the_page(): void
    {
        config(['kite.applications' => [['name' => 'Bulk', 'prefixes' => ['api/bulk']]]]);
        // 2,500 routes with long paths: over PAGE_ROUTES_MAX_BYTES even as an index.
        for ($i = 0; $i < 2500; $i++) {
            \Illuminate\Support\Facades\Route::post("api/bulk/organisations/{organisation}/resource{$i}/{item}/attachments", static fn () => 'ok')->name("bulk.organisations.resource{$i}.attachments.store");
        }

        $index = $this->getJson('/http-client/api/routes/index')->assertOk()->json();
        $this->assertGreaterThan(Kite::PAGE_ROUTES_MAX_BYTES, strlen((string) json_encode($index)));
        $html = $this->get('/http-client')->assertOk()->getContent();

        $this->assertStringNotContainsString('id="kite-routes"', $html);
        $this->assertStringContainsString("window.KiteRouteIndexCall = fetch(window.Kite.apiUrl.replace(/\\/+$/, '') + '/routes/index'", $html);
        $this->assertStringNotContainsString('KiteRouteIndexCall', $this->get('/http-client/settings')->getContent(), 'only the main screen asks for it');
    }

    public function test_get_routes_index_answers_the_route_index_of_get_routes(): void
    {
        $routes = $this->getJson('/http-client/api/routes')->assertOk()->json();
        $index = $this->getJson('/http-client/api/routes/index')->assertOk()->json();

        $this->assertTrue($index['index']);
        $this->assertSame($routes['revision'], $index['revision']);
        $this->assertSame($routes['application'], $index['application']);
        $this->assertNotEmpty($index['applications'][0]['routes']);
        $this->assertSame(array_column($routes['applications'][0]['routes'], 'id'), array_column($index['applications'][0]['routes'], 'id'));
        $first = $routes['applications'][0]['routes'][0];
        $listed = $index['applications'][0]['routes'][0];
        $this->assertSame([], array_diff(array_keys($listed), ['id', 'methods', 'uri', 'name', 'summary', 'tags', 'group', 'extractionErrors']), 'only what the list shows');
        $this->assertSame([$first['id'], $first['methods'], $first['uri'], $first['group']], [$listed['id'], $listed['methods'], $listed['uri'], $listed['group']]);
    }

    public function test_routes_in_the_page_cannot_close_their_element(): void
    {
        config(['kite.applications.0.name' => '</script><script>alert(1)</script><!--']);

        $html = $this->get('/http-client')->getContent();

        $this->assertStringNotContainsString('</script><script>alert', $html);
        $this->assertStringNotContainsString('<!--', $html);
    }

    public function test_the_page_limits_match_the_protocol(): void
    {
        $protocol = (string) file_get_contents(__DIR__.'/../../../protocol/endpoints.js');
        $this->assertStringContainsString("export const PAGE_ROUTES_ELEMENT_ID = '".Kite::PAGE_ROUTES_ELEMENT_ID."';", $protocol);
        $this->assertSame(1, preg_match('/export const PAGE_ROUTES_MAX_BYTES = (\d+) \* (\d+);/', $protocol, $match));
        $this->assertSame((int) $match[1] * (int) $match[2], Kite::PAGE_ROUTES_MAX_BYTES);
    }

    public function test_the_page_sets_the_xsrf_cookie_the_relay_checks(): void
    {
        $this->get('/http-client')->assertCookie('XSRF-TOKEN');
    }

    public function test_an_app_url_with_a_sub_folder_prefixes_base_path_and_assets(): void
    {
        config(['app.url' => 'https://example.test/backoffice']);

        $config = $this->kiteConfig($this->get('/http-client')->getContent());

        $this->assertSame('/backoffice/http-client', $config['basePath']);
        $this->assertSame('/backoffice/vendor/kite', $config['assetsUrl']);
        $this->assertSame('/backoffice/http-client/api', $config['apiUrl']);
    }

    public function test_an_app_served_from_a_sub_folder_uses_it_in_every_url(): void
    {
        $request = Request::create('http://localhost/shop/http-client', 'GET', [], [], [], [
            'SCRIPT_NAME' => '/shop/index.php',
            'SCRIPT_FILENAME' => '/var/www/shop/index.php',
            'PHP_SELF' => '/shop/index.php',
        ]);

        $response = $this->app->make(Kernel::class)->handle($request);

        $config = $this->kiteConfig($response->getContent());
        $this->assertSame('/shop/http-client', $config['basePath']);
        $this->assertSame('/shop/vendor/kite', $config['assetsUrl']);
        $this->assertSame('http://localhost/shop', $config['applications'][0]['baseUrl']);
    }

    public function test_the_config_cannot_close_the_script_element(): void
    {
        config(['kite.applications.0.name' => '</script><script>alert(1)</script>', 'kite.global_headers' => ['X-Note' => "a & b \u{2028}"]]);

        $html = $this->get('/http-client')->getContent();

        $this->assertStringNotContainsString('</script><script>alert', $html);
        $this->assertStringContainsString('\u003C/script\u003E', $html);
        $this->assertStringContainsString('a \u0026 b \u2028', $html);
        $this->assertSame('</script><script>alert(1)</script>', $this->kiteConfig($html)['applications'][0]['name']);
    }

    public function test_a_custom_path_moves_the_whole_client(): void
    {
        config(['kite.path' => 'tools/kite']);
        $this->refreshApplicationWithPath('tools/kite');

        $this->get('/tools/kite')->assertOk();
        $this->get('/http-client')->assertNotFound();
    }

    private function refreshApplicationWithPath(string $path): void
    {
        $_SERVER['KITE_PATH'] = $_ENV['KITE_PATH'] = $path;
        try {
            $this->refreshApplication();
            $this->artisan('migrate', ['--force' => true]);
        } finally {
            unset($_SERVER['KITE_PATH'], $_ENV['KITE_PATH']);
        }
    }
}
