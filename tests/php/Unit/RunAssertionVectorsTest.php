<?php

namespace Kite\Tests\Unit;

use Kite\Run\Assertions;
use Kite\Run\JsonPath;
use Kite\Run\Variables;
use PHPUnit\Framework\TestCase;

/**
 * `php artisan kite:run`'s assertions against the shared vectors (protocol/fixtures/assertion-vectors.json),
 * which the app's evaluator is held to as well (resources/js/model/assertions/vectors.test.ts).
 */
class RunAssertionVectorsTest extends TestCase
{
    public function test_every_shared_vector_passes_or_fails_with_the_same_actual_value_as_in_the_app(): void
    {
        $file = json_decode((string) file_get_contents(__DIR__.'/../../../protocol/fixtures/assertion-vectors.json'), true, 512, JSON_THROW_ON_ERROR);
        $variables = new Variables($file['variables']);
        $rows = static function (string $table, string $column, string $value) use ($file): ?array {
            foreach ($file['rows'] as $row) {
                if ([$row['table'], $row['column'], $row['value']] === [$table, $column, $value]) {
                    return ['exists' => $row['exists']];
                }
            }

            return null;
        };
        $this->assertGreaterThan(50, count($file['vectors']));
        foreach ($file['vectors'] as $index => $vector) {
            $response = $file['responses'][$vector['response']];
            [$result] = Assertions::evaluate([$vector['assertion']], ['status' => $response['status'], 'headers' => $response['headers'], 'body' => $response['body'], 'durationMs' => $response['durationMs'], 'trace' => $response['trace'] ?? null], $variables, $rows(...));
            $this->assertSame(['passed' => $vector['passed'], 'actual' => $vector['actual']], ['passed' => $result['passed'], 'actual' => $result['actual']], 'vector '.($index + 1).': '.Assertions::describe($vector['assertion']).' — '.$result['message']);
        }
    }

    public function test_a_json_path_it_cannot_read_is_an_error_not_another_meaning(): void
    {
        $document = json_decode('{"a":[{"b":1},{"b":2}],"c":{"d":{"b":3}}}');
        $this->assertSame([1, 2, 3], JsonPath::query($document, '$..b'));
        $this->assertSame([2], JsonPath::query($document, '$.a[-1].b'));
        $this->expectException(\InvalidArgumentException::class);
        JsonPath::query($document, '$.a[?(@.b > 1)]');
    }
}
