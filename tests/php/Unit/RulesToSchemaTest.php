<?php

namespace Kite\Tests\Unit;

use Illuminate\Validation\Rule;
use Kite\Routes\RulesToSchema;
use Kite\Routes\UnreadableRule;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;

class RulesToSchemaTest extends TestCase
{
    /** @dataProvider ruleSets */
    #[DataProvider('ruleSets')]
    public function test_validation_rules_become_the_json_schema_the_client_fills_in(array $rules, array $expected): void
    {
        $schema = RulesToSchema::convert($rules)['schema'];

        $this->assertSame($expected, self::withoutRuleLists(json_decode(json_encode($schema), true)));
    }

    /** The rule lists (`x-rules`) have their own test; the data set compares the rest. */
    private static function withoutRuleLists(array $schema): array
    {
        unset($schema['x-rules']);
        foreach ($schema as $key => $value) {
            if (is_array($value)) {
                $schema[$key] = self::withoutRuleLists($value);
            }
        }

        return $schema;
    }

    public function test_each_field_carries_its_rules_as_written(): void
    {
        $schema = RulesToSchema::convert([
            'email' => 'required|email|unique:users,email',
            'items.*.user_id' => ['required', 'exists:users,id'],
            'password' => 'required|confirmed',
            'note' => [static fn () => true],
        ])['schema'];

        $this->assertSame(['required', 'email', 'unique:users,email'], $schema['properties']['email']['x-rules']);
        $this->assertSame(['required', 'exists:users,id'], $schema['properties']['items']['items']['properties']['user_id']['x-rules']);
        $this->assertSame(['required', 'confirmed'], $schema['properties']['password']['x-rules']);
        $this->assertArrayNotHasKey('x-rules', (array) $schema['properties']['password_confirmation']);
        $this->assertArrayNotHasKey('x-rules', (array) ($schema['properties']['note'] ?? []));
    }

    public static function ruleSets(): array
    {
        $object = static fn (array $properties, array $required = []) => array_filter(['type' => 'object', 'properties' => $properties, 'required' => $required ?: null]);

        return [
            'required string with a maximum length' => [['name' => 'required|string|max:255'], $object(['name' => ['type' => 'string', 'maxLength' => 255]], ['name'])],
            'present is required (the key, even empty)' => [['tags' => 'present|array'], $object(['tags' => ['type' => 'array']], ['tags'])],
            'sometimes is not required' => [['name' => 'sometimes|string'], $object(['name' => ['type' => 'string']])],
            'nullable adds null to the type' => [['bio' => 'nullable|string'], $object(['bio' => ['type' => ['string', 'null']]])],
            'integer with min and max is a range' => [['age' => 'integer|min:18|max:130'], $object(['age' => ['type' => 'integer', 'minimum' => 18, 'maximum' => 130]])],
            'numeric between is a number range' => [['price' => 'numeric|between:0.5,99.5'], $object(['price' => ['type' => 'number', 'minimum' => 0.5, 'maximum' => 99.5]])],
            'boolean' => [['active' => ['required', 'boolean']], $object(['active' => ['type' => 'boolean']], ['active'])],
            'email uuid url and date formats' => [
                ['email' => 'email', 'id' => 'uuid', 'site' => 'url', 'born' => 'date'],
                $object(['email' => ['type' => 'string', 'format' => 'email'], 'id' => ['type' => 'string', 'format' => 'uuid'], 'site' => ['type' => 'string', 'format' => 'uri'], 'born' => ['type' => 'string', 'format' => 'date']]),
            ],
            'date_format with a time is date-time' => [['at' => 'date_format:Y-m-d H:i:s'], $object(['at' => ['type' => 'string', 'format' => 'date-time', 'description' => 'Date in the format Y-m-d H:i:s']])],
            'in is an enum' => [['sort' => 'in:name,email'], $object(['sort' => ['enum' => ['name', 'email']]])],
            'Rule::in on an integer is an integer enum' => [['level' => ['integer', Rule::in([1, 2, 3])]], $object(['level' => ['type' => 'integer', 'enum' => [1, 2, 3]]])],
            'size of a string is its exact length' => [['code' => 'string|size:6'], $object(['code' => ['type' => 'string', 'minLength' => 6, 'maxLength' => 6]])],
            'size of an array is its item count' => [['pair' => 'array|size:2'], $object(['pair' => ['type' => 'array', 'minItems' => 2, 'maxItems' => 2]])],
            'digits is a digit pattern' => [['pin' => 'digits:4'], $object(['pin' => ['type' => 'string', 'pattern' => '^[0-9]{4}$']])],
            'digits_between on an integer is a range' => [['zip' => 'integer|digits_between:3,5'], $object(['zip' => ['type' => 'integer', 'minimum' => 100, 'maximum' => 99999]])],
            'regex becomes a pattern without delimiters' => [['slug' => ['regex:/^[a-z0-9-]+$/']], $object(['slug' => ['type' => 'string', 'pattern' => '^[a-z0-9-]+$']])],
            'regex flags are noted' => [['word' => 'regex:/^[a-z]+$/i'], $object(['word' => ['type' => 'string', 'pattern' => '^[a-z]+$', '$comment' => 'Laravel rules not expressed in this schema: pattern flags: i']])],
            'confirmed adds the confirmation field' => [
                ['password' => 'required|string|min:8|confirmed'],
                $object(['password' => ['type' => 'string', 'minLength' => 8], 'password_confirmation' => ['type' => 'string', 'minLength' => 8]], ['password', 'password_confirmation']),
            ],
            'file and image are binary strings' => [
                ['document' => 'required|file', 'photo' => 'image|max:2048'],
                $object(['document' => ['type' => 'string', 'format' => 'binary'], 'photo' => ['type' => 'string', 'format' => 'binary', 'description' => 'An image file', '$comment' => 'Laravel rules not expressed in this schema: max:2048 (kilobytes)']], ['document']),
            ],
            'dot nesting makes objects' => [
                ['address.city' => 'required|string', 'address.zip' => 'digits:5'],
                $object(['address' => $object(['city' => ['type' => 'string'], 'zip' => ['type' => 'string', 'pattern' => '^[0-9]{5}$']], ['city'])]),
            ],
            'star nesting makes arrays of objects' => [
                ['items' => 'required|array|min:1', 'items.*.sku' => 'required|string', 'items.*.quantity' => 'integer|min:1'],
                $object(['items' => ['type' => 'array', 'minItems' => 1, 'items' => $object(['sku' => ['type' => 'string'], 'quantity' => ['type' => 'integer', 'minimum' => 1]], ['sku'])]], ['items']),
            ],
            'star on scalars types the items' => [['tags' => 'array', 'tags.*' => 'string|max:20'], $object(['tags' => ['type' => 'array', 'items' => ['type' => 'string', 'maxLength' => 20]]])],
            'unknown rules are kept as a note' => [
                ['email' => 'required|email|unique:users,email', 'when' => 'required_if:kind,event'],
                $object(['email' => ['type' => 'string', 'format' => 'email', '$comment' => 'Laravel rules not expressed in this schema: unique:users,email'], 'when' => ['$comment' => 'Laravel rules not expressed in this schema: required_if:kind,event']], ['email']),
            ],
            'closures and unreadable expressions are notes, never errors' => [
                ['code' => ['required', static fn () => true], 'role' => [new UnreadableRule("'in:'.implode(',', \$roles)")]],
                $object(['code' => ['$comment' => 'Laravel rules not expressed in this schema: a closure rule'], 'role' => ['$comment' => "Laravel rules not expressed in this schema: not read statically: 'in:'.implode(',', \$roles)"]], ['code']),
            ],
        ];
    }

    public function test_a_route_without_rules_has_no_schema(): void
    {
        $this->assertNull(RulesToSchema::convert([])['schema']);
    }

    public function test_file_rules_ask_for_a_multipart_body(): void
    {
        $this->assertTrue(RulesToSchema::convert(['avatar' => 'image'])['hasFiles']);
        $this->assertFalse(RulesToSchema::convert(['name' => 'string'])['hasFiles']);
    }
}
