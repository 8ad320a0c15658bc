<?php

namespace Kite\Trace;

use Illuminate\Contracts\Filesystem\Factory;

/**
 * The app's filesystem manager for a call in transaction mode: Laravel fires no event when a file
 * is written, so every disk it hands out is a RecordingDisk that names its writes in NotUndone.
 * Anything else is the manager's own.
 */
final class RecordingDisks implements Factory
{
    /** @var array<string, RecordingDisk> */
    private array $disks = [];

    public function __construct(private object $manager, private NotUndone $notUndone)
    {
    }

    public function disk($name = null)
    {
        $name ??= (string) $this->manager->getDefaultDriver();

        return $this->recording($name, $this->manager->disk($name));
    }

    public function drive($name = null)
    {
        return $this->disk($name);
    }

    public function cloud()
    {
        return $this->recording((string) $this->manager->getDefaultCloudDriver(), $this->manager->cloud());
    }

    /** `Storage::put(…)` and the manager's other methods: disk methods go to the default disk, as the manager's own __call does. */
    public function __call(string $method, array $parameters)
    {
        if (method_exists($this->manager, $method)) {
            return $this->manager->{$method}(...$parameters);
        }

        return $this->disk()->{$method}(...$parameters);
    }

    private function recording(string $name, object $disk): RecordingDisk
    {
        $recording = $this->disks[$name] ?? null;
        if ($recording === null || ! $recording->wraps($disk)) {
            $recording = $this->disks[$name] = new RecordingDisk($disk, $name, $this->notUndone);
        }

        return $recording;
    }
}
