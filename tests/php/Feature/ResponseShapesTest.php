<?php

namespace Kite\Tests\Feature;

use Kite\Tests\TestCase;

/** Response shapes the Laravel host infers from the code (Routes/ResponseShapes): RouteResponseDoc in the routes answer. */
class ResponseShapesTest extends TestCase
{
    private function routes(): array
    {
        return collect($this->getJson('/http-client/api/routes')->assertOk()->json('applications.0.routes'))->keyBy('id')->all();
    }

    private function requireShapes(): void
    {
        if (! method_exists(\Illuminate\Database\Schema\Builder::class, 'getColumns')) {
            $this->markTestSkipped('Schema::getColumns (Laravel 10+) reads the columns: this runs on Laravel 12 (tests/php/laravel12.mjs).');
        }
    }

    public function test_a_json_resource_is_documented_from_its_to_array_keys_typed_by_the_model_columns_and_wrapped_in_data(): void
    {
        $this->requireShapes();
        $response = $this->routes()['GET /api/booking-resources/{booking}']['responses'] ?? null;

        $this->assertNotNull($response, 'the resource route documents its response');
        $this->assertSame('200', $response[0]['status']);
        $this->assertSame('Inferred from BookingResource', $response[0]['description']);
        $schema = $response[0]['schema'];
        $this->assertSame(['data'], $schema['required'], 'JsonResource::$wrap');
        $data = $schema['properties']['data'];
        $this->assertSame(['reference', 'title', 'slot', 'label', 'owner'], array_keys($data['properties']));
        $this->assertSame('string', $data['properties']['reference']['type'], '$this->reference: a string column');
        $this->assertSame('integer', $data['properties']['slot']['type'], '$this->slot: an integer column');
        $this->assertSame([], $data['properties']['label'], 'an expression: untyped');
        $this->assertSame(['reference', 'title', 'slot', 'label'], $data['required'], 'whenLoaded() is optional');
    }

    public function test_a_resource_collection_is_an_array_under_data(): void
    {
        $this->requireShapes();
        $schema = $this->routes()['GET /api/booking-resources']['responses'][0]['schema'];

        $this->assertSame('array', $schema['properties']['data']['type']);
        $this->assertSame('integer', $schema['properties']['data']['items']['properties']['slot']['type']);
    }

    public function test_a_model_is_documented_from_its_table_minus_hidden_columns_with_casts_and_201_for_a_created_one(): void
    {
        $this->requireShapes();
        $routes = $this->routes();
        $booking = $routes['GET /api/bookings/{booking}']['responses'][0];
        $properties = $booking['schema']['properties'];

        $this->assertSame('200', $booking['status']);
        $this->assertSame(['id', 'reference', 'title', 'slot', 'owner_id', 'created_at', 'updated_at'], array_keys($properties), '$hidden columns are left out');
        $this->assertSame(['string', 'null'], $properties['created_at']['type'], 'a nullable column');
        $this->assertContains('reference', $booking['schema']['required']);

        $user = $routes['GET /api/users/{user}']['responses'][0]['schema'];
        $this->assertArrayNotHasKey('password', $user['properties']);
        $this->assertSame('boolean', $user['properties']['is_admin']['type'], "the 'boolean' cast");
        $this->assertNotContains('is_admin', $user['required'], 'a column with a default may be missing from a model just created');

        $created = $routes['POST /api/bookings']['responses'][0];
        $this->assertSame('201', $created['status'], 'response()->json(Booking::create(...), 201)');
        $this->assertSame('Inferred from Booking', $created['description']);
    }

    public function test_a_data_object_is_documented_from_its_constructor_properties(): void
    {
        if (! class_exists(\Spatie\LaravelData\Data::class)) {
            $this->markTestSkipped('spatie/laravel-data is installed in the Laravel 12 app only (tests/php/laravel12.mjs).');
        }
        $schema = $this->routes()['GET /api/orders/sample']['responses'][0]['schema'];

        $this->assertSame(['customer', 'email', 'address', 'lines', 'payment', 'gift', 'tip'], $schema['required']);
        $this->assertSame(['integer', 'null'], $schema['properties']['tip']['type']);
        $this->assertSame(['street', 'zip'], $schema['properties']['address']['required'], 'a nested Data object');
        $this->assertSame('integer', $schema['properties']['lines']['items']['properties']['quantity']['type'], '#[DataCollectionOf]');
    }

    public function test_a_route_whose_return_is_not_read_documents_no_response(): void
    {
        $routes = $this->routes();

        $this->assertArrayNotHasKey('responses', $routes['GET /api/search'], 'an array literal');
        $this->assertArrayNotHasKey('responses', $routes['GET /api/owners/{owner}/bookings'], 'a query chain');
    }
}
