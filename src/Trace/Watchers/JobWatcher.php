<?php

namespace Kite\Trace\Watchers;

use Illuminate\Contracts\Events\Dispatcher;
use Illuminate\Queue\Events\JobProcessing;
use Illuminate\Queue\Events\JobQueued;
use Illuminate\Queue\Jobs\SyncJob;
use Kite\Trace\Recording;

/**
 * Jobs (trace.jobs): queued on a real queue, or run at once on a sync connection. In transaction
 * mode a QueueFake holds them instead (fakedJobs).
 */
final class JobWatcher implements Watcher
{
    public function register(Dispatcher $events, Recording $recording): void
    {
        $events->listen(JobQueued::class, static function (JobQueued $event) use ($recording) {
            $trace = $recording->trace();
            // Jobs on a sync connection are recorded as they run (JobProcessing), below.
            if ($trace === null || config('queue.connections.'.$event->connectionName.'.driver') === 'sync') {
                return;
            }
            $trace->add('jobs', array_filter([
                'job' => self::jobName($event->job),
                'connection' => (string) $event->connectionName,
                'queue' => isset($event->queue) && is_string($event->queue) ? $event->queue : null,
                'queued' => true,
            ], static fn ($value) => $value !== null));
        });

        $events->listen(JobProcessing::class, static function (JobProcessing $event) use ($recording) {
            $trace = $recording->trace();
            if ($trace === null || ! $event->job instanceof SyncJob) {
                return;
            }
            $trace->add('jobs', ['job' => $event->job->resolveName(), 'connection' => (string) $event->connectionName, 'queued' => true]);
        });
    }

    public static function jobName(mixed $job): string
    {
        if (is_object($job)) {
            return method_exists($job, 'displayName') ? (string) $job->displayName() : get_class($job);
        }

        return is_string($job) ? $job : get_debug_type($job);
    }

    /** The job names a QueueFake holds (transaction mode). */
    public static function fakedJobs(object $fake, string $connection): array
    {
        $jobs = [];
        foreach (method_exists($fake, 'pushedJobs') ? $fake->pushedJobs() : [] as $class => $pushed) {
            foreach ($pushed as $push) {
                $jobs[] = array_filter([
                    'job' => self::jobName($push['job'] ?? $class),
                    'connection' => $connection,
                    'queue' => is_string($push['queue'] ?? null) ? $push['queue'] : null,
                    'queued' => false,
                ], static fn ($value) => $value !== null);
            }
        }

        return $jobs;
    }
}
