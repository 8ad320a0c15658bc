<?php

namespace Kite\Trace;

use Illuminate\Database\Eloquent\Model;
use Symfony\Component\VarDumper\Cloner\Cursor;
use Symfony\Component\VarDumper\Cloner\Data;
use Symfony\Component\VarDumper\Cloner\DumperInterface;
use Symfony\Component\VarDumper\Cloner\VarCloner;
use Throwable;

/**
 * Turns any PHP value into plain JSON (protocol/types.ts DumpValue) through Symfony's VarCloner,
 * so its casters and limits apply: objects become `{ "@class": …, property: … }` (a model: its
 * toArray()), a resource
 * `{ "@resource": type }`, a cut collection or string says what is left out under `…`, a value
 * already shown higher up is `{ "@class": …, "@ref": n }`.
 */
final class DumpTree implements DumperInterface
{
    public const MAX_DEPTH = 8;

    public const MAX_ITEMS = 2500;

    public const MAX_STRING = 10000;

    /** @var list<array{key: string|int|null, list: bool, items: array}> */
    private array $stack = [];

    private mixed $root = null;

    public static function of(mixed $value, int $maxDepth = self::MAX_DEPTH): mixed
    {
        return self::ofData(self::cloner()->cloneVar($value)->withMaxDepth($maxDepth));
    }

    /**
     * A VarCloner with Kite's limits, which shows an Eloquent model as its own toArray() does: so
     * what the model hides (`$hidden`: a password hash, a remember token) is never in a dump or a
     * log's context.
     */
    public static function cloner(): VarCloner
    {
        $cloner = new VarCloner;
        $cloner->setMaxItems(self::MAX_ITEMS);
        $cloner->setMaxString(self::MAX_STRING);
        $cloner->addCasters([Model::class => static function (Model $model): array {
            try {
                return $model->toArray();
            } catch (Throwable $error) {
                return ['…' => 'toArray() failed: '.$error->getMessage()];
            }
        }]);

        return $cloner;
    }

    public static function ofData(Data $data): mixed
    {
        $tree = new self;
        $data->dump($tree);

        return $tree->root;
    }

    public function dumpScalar(Cursor $cursor, $type, $value): void
    {
        if (is_float($value) && ! is_finite($value)) {
            $value = is_nan($value) ? 'NAN' : ($value > 0 ? 'INF' : '-INF');
        } elseif ($type === 'default' || ! (is_scalar($value) || $value === null)) {
            $value = is_scalar($value) ? (string) $value : get_debug_type($value);
        }
        $this->put($cursor, $value);
    }

    public function dumpString(Cursor $cursor, $str, $bin, $cut): void
    {
        $this->put($cursor, $cut > 0 ? $str."… ({$cut} more)" : $str);
    }

    public function enterHash(Cursor $cursor, $type, $class, $hasChild): void
    {
        $items = [];
        if ($type === Cursor::HASH_OBJECT) {
            $items['@class'] = (string) $class;
            if ($cursor->softRefTo && ! $hasChild) {
                $items['@ref'] = $cursor->softRefTo;
            }
        } elseif ($type === Cursor::HASH_RESOURCE) {
            $items['@resource'] = (string) $class;
        }
        $this->stack[] = ['key' => $this->key($cursor), 'list' => $type === Cursor::HASH_INDEXED, 'items' => $items];
    }

    public function leaveHash(Cursor $cursor, $type, $class, $hasChild, $cut): void
    {
        $frame = array_pop($this->stack);
        $items = $frame['items'];
        if ($cut > 0) {
            if ($frame['list']) {
                $items[] = "… ({$cut} more)";
            } else {
                $items['…'] = "{$cut} more";
            }
        }
        $this->place($frame['key'], $frame['list'] ? array_values($items) : $items);
    }

    private function put(Cursor $cursor, mixed $value): void
    {
        $this->place($this->key($cursor), $value);
    }

    private function place(string|int|null $key, mixed $value): void
    {
        if ($this->stack === []) {
            $this->root = $value;

            return;
        }
        $top = &$this->stack[count($this->stack) - 1];
        if ($top['list'] || $key === null) {
            $top['items'][] = $value;
        } else {
            $top['items'][$key] = $value;
        }
    }

    /** The readable key of the item under the cursor: `\0*\0name` (protected) and `\0Class\0name` (private) lose their prefix. */
    private function key(Cursor $cursor): string|int|null
    {
        if ($this->stack === []) {
            return null;
        }
        $key = $cursor->hashKey;
        if (is_string($key) && $key !== '' && $key[0] === "\0") {
            $key = substr($key, strrpos($key, "\0") + 1);
        }

        return $key;
    }
}
