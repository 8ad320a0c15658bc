<?php

namespace Kite\Trace;

/**
 * One of the app's disks during a call in transaction mode: passes every call on and names the
 * ones that change files (NotUndone::file), once they returned.
 */
final class RecordingDisk
{
    /** Disk methods that change files => the operation they are reported as. */
    private const WRITES = [
        'put' => 'write', 'putFile' => 'write', 'putFileAs' => 'write', 'write' => 'write', 'writeStream' => 'write',
        'prepend' => 'append', 'append' => 'append',
        'delete' => 'delete', 'copy' => 'copy', 'move' => 'move',
        'makeDirectory' => 'makeDirectory', 'deleteDirectory' => 'deleteDirectory', 'setVisibility' => 'visibility',
    ];

    public function __construct(private object $disk, private string $name, private NotUndone $notUndone)
    {
    }

    public function wraps(object $disk): bool
    {
        return $this->disk === $disk;
    }

    public function __call(string $method, array $parameters)
    {
        $result = $this->disk->{$method}(...$parameters);
        $operation = self::WRITES[$method] ?? null;
        if ($operation !== null && $result !== false) {
            foreach ($this->paths($method, $parameters, $result) as $path) {
                $this->notUndone->file($this->name, $path, $operation);
            }
        }

        return $result;
    }

    /** @return list<string> */
    private function paths(string $method, array $parameters, mixed $result): array
    {
        return match ($method) {
            // They choose the file's name: the path they return is the one written.
            'putFile', 'putFileAs' => [is_string($result) ? $result : (string) ($parameters[0] ?? '')],
            'delete' => array_map('strval', is_array($parameters[0] ?? null) ? $parameters[0] : $parameters),
            'copy', 'move' => [($parameters[0] ?? '').' → '.($parameters[1] ?? '')],
            default => [(string) ($parameters[0] ?? '')],
        };
    }
}
