<?php

namespace Kite\Tests\Unit;

use Kite\Trace\DumpTree;
use Kite\Trace\Secrets;
use PHPUnit\Framework\TestCase;

class DumpTreeTest extends TestCase
{
    public function test_scalars_lists_maps_and_objects_become_plain_json(): void
    {
        $object = new class
        {
            public $visible = 'yes';

            protected $guarded = [1, 2];

            private $hidden = null;
        };
        $tree = DumpTree::of(['n' => 1.5, 'list' => ['a', true], 'nan' => NAN, 'inf' => -INF, 'object' => $object]);

        $this->assertSame(1.5, $tree['n']);
        $this->assertSame(['a', true], $tree['list']);
        $this->assertSame(['NAN', '-INF'], [$tree['nan'], $tree['inf']]);
        $this->assertSame(['visible' => 'yes', 'guarded' => [1, 2], 'hidden' => null], array_diff_key($tree['object'], ['@class' => 0]));
        $this->assertStringStartsWith('class@anonymous', $tree['object']['@class']);
        $this->assertNotFalse(json_encode($tree));
    }

    public function test_a_recursive_value_is_a_reference_and_deep_values_are_cut(): void
    {
        $node = new \stdClass;
        $node->self = $node;
        $tree = DumpTree::of($node);
        $this->assertSame('stdClass', $tree['self']['@class']);
        $this->assertArrayHasKey('@ref', $tree['self']);

        $deep = DumpTree::of([[[['too deep' => 1]]]], 2);
        $this->assertSame([['… (1 more)']], $deep[0]);

        $resource = fopen('php://memory', 'r');
        $this->assertSame('stream', DumpTree::of($resource)['@resource']);
        fclose($resource);
    }

    public function test_secret_looking_keys_are_masked_at_any_depth(): void
    {
        $this->assertSame(
            ['user' => 'ada', 'password' => '********', 'nested' => ['api_key' => '********', 'Cookie' => '********', 'ok' => 1]],
            Secrets::mask(['user' => 'ada', 'password' => 'x', 'nested' => ['api_key' => 'k', 'Cookie' => 'c', 'ok' => 1]])
        );
    }
}
