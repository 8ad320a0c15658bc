<?php

namespace Kite\Tests\Feature;

use Kite\Tests\Support\ScratchApp;
use Kite\Tests\TestCase;

class RoutesTest extends TestCase
{
    private function routes(): array
    {
        $response = $this->getJson('/http-client/api/routes')->assertOk();
        $this->assertSame('laravel', $response->json('application'));
        $this->assertMatchesRegularExpression('/^[0-9a-f]{16}$/', $response->json('revision'));

        return collect($response->json('applications.0.routes'))->keyBy('id')->all();
    }

    public function test_only_routes_under_the_application_prefixes_are_listed_and_never_kites_own(): void
    {
        $routes = $this->routes();

        $this->assertArrayHasKey('GET /api/users', $routes);
        $this->assertArrayHasKey('POST /api/users', $routes);
        foreach (array_keys($routes) as $id) {
            $this->assertStringStartsWith('/api/', explode(' ', $id)[1]);
        }
    }

    public function test_on_the_slim_skeleton_routes_of_routes_api_php_and_of_bootstrap_app_php_are_listed(): void
    {
        if (ScratchApp::laravelApp() === null) {
            $this->markTestSkipped('Laravel 8 has no withRouting() in bootstrap/app.php: this runs on Laravel 12 (tests/php/laravel12.mjs).');
        }
        $this->assertFileDoesNotExist(app_path('Http/Kernel.php'));
        $this->assertFileDoesNotExist(app_path('Providers/RouteServiceProvider.php'));

        $routes = $this->routes();

        $this->assertSame('users.index', $routes['GET /api/users']['name'], 'from routes/api.php (withRouting api:)');
        $this->assertSame('bootstrap.registered', $routes['GET /api/registered-in-bootstrap']['name'], 'from withRouting(then:) in bootstrap/app.php');
        $this->assertSame('App\\Models\\User', $routes['GET /api/owners/{owner}/bookings']['parameters'][0]['binding']['model'] ?? null, 'Route::model() in withRouting(then:)');
    }

    public function test_a_laravel_data_payload_becomes_the_body_schema_with_its_types_attributes_and_nested_objects(): void
    {
        if (! class_exists(\Spatie\LaravelData\Data::class)) {
            $this->markTestSkipped('spatie/laravel-data is installed in the Laravel 12 app only (tests/php/laravel12.mjs).');
        }

        $route = $this->routes()['POST /api/orders'];
        $body = $route['schema']['body'];

        $this->assertSame([], $route['extractionErrors']);
        $this->assertSame('application/json', $route['bodyContentType']);
        $this->assertSame(['customer', 'email', 'address', 'lines', 'payment'], $body['required'], 'a property with a default or null is optional');
        $this->assertSame(['string', 80], [$body['properties']['customer']['type'], $body['properties']['customer']['maxLength']]);
        $this->assertSame(['required', 'string', 'max:80'], $body['properties']['customer']['x-rules'], 'the rules laravel-data infers, as written');
        $this->assertSame('email', $body['properties']['email']['format']);
        $this->assertSame(['card', 'invoice'], $body['properties']['payment']['enum']);
        $this->assertSame('boolean', $body['properties']['gift']['type']);
        $this->assertSame(['integer', 'null'], $body['properties']['tip']['type']);
        $this->assertSame(0, $body['properties']['tip']['minimum']);
        // A nested Data object is an object with its own required properties and attributes.
        $address = $body['properties']['address'];
        $this->assertSame('object', $address['type']);
        $this->assertSame(['street', 'zip'], $address['required']);
        $this->assertSame(100, $address['properties']['street']['maxLength']);
        $this->assertSame('^\\d{5}$', $address['properties']['zip']['pattern']);
        // A collection of Data objects (#[DataCollectionOf]) is an array of them.
        $lines = $body['properties']['lines'];
        $this->assertSame('array', $lines['type']);
        $this->assertSame(['sku', 'quantity'], $lines['items']['required']);
        $this->assertSame(['integer', 1], [$lines['items']['properties']['quantity']['type'], $lines['items']['properties']['quantity']['minimum']]);
    }

    public function test_a_route_lists_methods_uri_name_group_and_path_parameters(): void
    {
        $route = $this->routes()['PUT /api/users/{user}'];

        $this->assertSame(['PUT'], $route['methods']);
        $this->assertSame('/api/users/{user}', $route['uri']);
        $this->assertSame('users.update', $route['name']);
        $this->assertSame('users', $route['group']);
        $binding = ['model' => 'App\\Models\\User', 'table' => 'users', 'key' => 'id', 'source' => 'model:App\\Models\\User,id'];
        $this->assertSame([['name' => 'user', 'in' => 'path', 'required' => true, 'schema' => ['type' => 'string'], 'binding' => $binding]], $route['parameters']);
        $this->assertSame([], $route['extractionErrors']);
    }

    public function test_model_bound_path_parameters_name_their_model_table_and_route_key(): void
    {
        $routes = $this->routes();
        $binding = static fn (string $id) => $routes[$id]['parameters'][0]['binding'] ?? null;

        // Implicit, by a typed closure argument and the model's getRouteKeyName().
        $this->assertSame(['model' => 'App\\Models\\Booking', 'table' => 'bookings', 'key' => 'reference', 'source' => 'model:App\\Models\\Booking,reference'], $binding('GET /api/bookings/{booking}'));
        // Implicit with a {person:email} field: the field is the key.
        $this->assertSame('email', $binding('GET /api/people/{person}')['key']);
        $this->assertSame('model:App\\Models\\User,email', $binding('GET /api/people/{person}')['source']);
        // Explicit: Route::model('owner', User::class), with an untyped argument.
        $this->assertSame('App\\Models\\User', $binding('GET /api/owners/{owner}/bookings')['model']);
        // A parameter nothing binds, and a route whose controller does not exist, carry none.
        $this->assertArrayNotHasKey('binding', $routes['GET /api/words/{word}']['parameters'][0] ?? ['binding' => 'route missing']);
    }

    public function test_a_form_request_on_the_controller_method_gives_the_body_schema(): void
    {
        $route = $this->routes()['POST /api/users'];

        $this->assertSame('multipart/form-data', $route['bodyContentType'], 'the avatar image needs multipart');
        $body = $route['schema']['body'];
        $this->assertSame(['name', 'email', 'password', 'password_confirmation'], $body['required']);
        $this->assertSame(['type' => 'string', 'maxLength' => 255, 'x-rules' => ['required', 'string', 'max:255']], $body['properties']['name']);
        $this->assertSame('email', $body['properties']['email']['format']);
        $this->assertSame(['admin', 'editor'], $body['properties']['role']['enum']);
        $this->assertSame('string', $body['properties']['tags']['items']['type']);
        $this->assertSame(5, $body['properties']['tags']['maxItems']);
        $this->assertSame(['string', 'null'], $body['properties']['avatar']['type']);
        $this->assertSame('binary', $body['properties']['avatar']['format']);
        $this->assertSame('object', $body['properties']['address']['type']);
    }

    public function test_a_form_request_on_a_closure_gives_a_json_body_schema_whose_values_the_route_accepts(): void
    {
        $route = $this->routes()['POST /api/projects'];

        // The end-to-end test auto-fills this route from its schema and expects 201, so every rule
        // must land in the schema.
        $this->assertSame('application/json', $route['bodyContentType']);
        $this->assertSame([], $route['extractionErrors']);
        $body = $route['schema']['body'];
        $this->assertSame(['name', 'contact_email', 'budget', 'visibility', 'starts_on'], $body['required']);
        $this->assertSame(['type' => 'integer', 'minimum' => 1, 'maximum' => 100000, 'x-rules' => ['required', 'integer', 'between:1,100000']], $body['properties']['budget']);
        $this->assertSame(['public', 'private'], $body['properties']['visibility']['enum']);
        $this->assertSame('date', $body['properties']['starts_on']['format']);
        $this->assertSame(3, $body['properties']['labels']['maxItems']);
        $this->assertSame(30, $body['properties']['labels']['items']['maxLength']);
        $this->assertSame('object', $body['properties']['billing']['type']);

        $valid = ['name' => 'Apollo', 'contact_email' => 'ada@example.com', 'budget' => 500, 'visibility' => 'private', 'starts_on' => '2025-03-01', 'labels' => ['space'], 'billing' => ['vat_id' => 'GB123']];
        $this->postJson('/api/projects', $valid)->assertCreated()->assertExactJson($valid);
        $this->postJson('/api/projects', [...$valid, 'budget' => 0])->assertStatus(422)->assertJsonValidationErrors('budget');
    }

    public function test_inline_request_validate_on_a_get_route_gives_the_query_schema(): void
    {
        $route = $this->routes()['GET /api/users'];

        $this->assertSame([
            'type' => 'object',
            'properties' => [
                'page' => ['type' => 'integer', 'minimum' => 1, 'x-rules' => ['integer', 'min:1']],
                'search' => ['type' => ['string', 'null'], 'maxLength' => 50, 'x-rules' => ['nullable', 'string', 'max:50']],
                'sort' => ['enum' => ['name', 'email'], 'x-rules' => ['in:name,email']],
            ],
        ], $route['schema']['query']);
        $this->assertArrayNotHasKey('body', $route['schema']);
    }

    public function test_array_and_nested_query_fields_are_marked_as_written_with_brackets(): void
    {
        $route = $this->routes()['GET /api/search'];

        $this->assertSame('array', $route['schema']['query']['properties']['tags']['type']);
        $query = array_values(array_filter($route['parameters'], fn (array $parameter) => $parameter['in'] === 'query'));
        $this->assertSame([
            ['name' => 'tags', 'in' => 'query', 'required' => true, 'style' => 'brackets'],
            ['name' => 'filter', 'in' => 'query', 'required' => false, 'style' => 'brackets'],
        ], array_map(fn (array $parameter) => array_diff_key($parameter, ['schema' => 0]), $query));
        $this->getJson('/api/search?tags[]=news&tags[]=howto&filter[name]=ada')->assertOk()->assertExactJson(['query' => ['tags' => ['news', 'howto'], 'filter' => ['name' => 'ada']]]);
    }

    public function test_inline_validator_make_in_a_closure_is_read_with_rule_in(): void
    {
        $route = $this->routes()['POST /api/posts'];

        $this->assertSame(['title', 'status'], $route['schema']['body']['required']);
        $this->assertSame(['draft', 'published'], $route['schema']['body']['properties']['status']['enum']);
        $this->assertSame('date-time', $route['schema']['body']['properties']['published_at']['format']);
        $this->assertSame('application/json', $route['bodyContentType']);
        $this->assertSame([], $route['extractionErrors']);
    }

    public function test_a_form_request_reading_its_route_parameter_still_gives_rules(): void
    {
        $body = $this->routes()['PUT /api/users/{user}']['schema']['body'];

        $this->assertSame('Laravel rules not expressed in this schema: unique:users,email,{user}', $body['properties']['email']['$comment']);
    }

    public function test_routes_whose_rules_cannot_be_read_are_listed_with_the_reason_and_file_line(): void
    {
        $routes = $this->routes();

        $this->assertSame([[
            'message' => 'App\Http\Requests\FailingRequest::rules() failed: The rules need a tenant',
            'location' => 'app/Http/Requests/FailingRequest.php:11',
            'fix' => 'rules() threw: make it return its array without the request being handled (Kite calls it with no user, input or bound models).',
        ]], $routes['GET /api/broken-rules']['extractionErrors']);
        $this->assertSame('Class App\Http\Requests\DoesNotExistRequest (the type of $request) does not exist.', $routes['GET /api/missing-request']['extractionErrors'][0]['message']);
        $this->assertMatchesRegularExpression('#^app/Http/Controllers/BrokenController\.php:\d+$#', $routes['GET /api/missing-request']['extractionErrors'][0]['location']);
        $this->assertSame('Validation rules passed as `$rules` cannot be read without running the route.', $routes['GET /api/dynamic-rules']['extractionErrors'][0]['message']);
        $this->assertSame('Controller class App\Http\Controllers\NoSuchController does not exist.', $routes['GET /api/missing-controller']['extractionErrors'][0]['message']);
        $this->assertArrayHasKey('GET /api/users', $routes, 'one bad route never breaks the list');
    }

    public function test_status_reports_host_environment_route_count_and_extraction_errors(): void
    {
        $status = $this->getJson('/http-client/api/status')->assertOk()->json();

        $this->assertSame(['kind' => 'laravel', 'version' => '0.1.0'], $status['host']);
        $this->assertSame('local', $status['environment']);
        $this->assertIsString($status['bundleVersion']);
        $this->assertSame(count($this->routes()), $status['applications'][0]['routeCount']);
        $failing = array_column($status['applications'][0]['extractionErrors'], 'route');
        $this->assertSame(['GET /api/broken-rules', 'GET /api/missing-request', 'GET /api/dynamic-rules', 'GET /api/missing-controller', 'POST /api/user-scoped'], $failing);
        $this->assertSame(self::USER_FIX, $status['applications'][0]['extractionErrors'][4]['fix']);
    }

    private const USER_FIX = 'rules() reads `$this->user()`: Kite calls it without a user; guard with `?->` (`$this->user()?->id`).';

    public function test_an_extraction_error_says_what_to_change(): void
    {
        $routes = $this->routes();

        $userScoped = $routes['POST /api/user-scoped']['extractionErrors'][0];
        $this->assertSame('App\Http\Requests\UserScopedRequest::rules() failed: Attempt to read property "id" on null', $userScoped['message']);
        $this->assertSame('app/Http/Requests/UserScopedRequest.php:12', $userScoped['location']);
        $this->assertSame(self::USER_FIX, $userScoped['fix']);
        $this->assertSame('Import the class (`use App\Http\Requests\DoesNotExistRequest;`) or correct its name; after adding the file, run `composer dump-autoload`.', $routes['GET /api/missing-request']['extractionErrors'][0]['fix']);
        $this->assertSame('Pass validate() an array literal, or move the rules into a FormRequest\'s rules().', $routes['GET /api/dynamic-rules']['extractionErrors'][0]['fix']);
        $this->assertSame('Point the route at an existing controller, or run `composer dump-autoload` if the class was just added.', $routes['GET /api/missing-controller']['extractionErrors'][0]['fix']);
    }

    public function test_prefixes_select_which_routes_an_application_lists(): void
    {
        config(['kite.applications' => [['name' => 'Everything', 'prefixes' => ['']], ['name' => 'Posts', 'prefixes' => ['api/posts']]]]);

        $applications = $this->getJson('/http-client/api/routes')->json('applications');

        $this->assertSame(['everything', 'posts'], array_column($applications, 'id'));
        $this->assertContains('GET /_fixture/session', array_column($applications[0]['routes'], 'id'));
        $this->assertSame(['POST /api/posts'], array_column($applications[1]['routes'], 'id'));
    }
}
