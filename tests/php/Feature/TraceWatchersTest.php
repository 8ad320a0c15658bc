<?php

namespace Kite\Tests\Feature;

use Illuminate\Events\Dispatcher;
use Illuminate\Support\Facades\DB;
use Kite\Tests\TestCase;
use Kite\Trace\Recorder;
use Kite\Trace\Recording;
use Kite\Trace\Source;
use Kite\Trace\Trace;
use Kite\Trace\Watchers\Watcher;
use ReflectionClass;

/** The trace recorder as one watcher per event family (src/Trace/Watchers), all of them registered. */
class TraceWatchersTest extends TestCase
{
    protected function tearDown(): void
    {
        Recorder::stop();
        parent::tearDown();
    }

    public function test_every_watcher_in_src_trace_watchers_is_registered_when_recording_starts(): void
    {
        $watchers = [];
        foreach (glob(dirname((new ReflectionClass(Recorder::class))->getFileName()).'/Watchers/*.php') as $file) {
            $class = 'Kite\\Trace\\Watchers\\'.basename($file, '.php');
            if (is_subclass_of($class, Watcher::class)) {
                $watchers[] = $class;
            }
        }
        $this->assertContains('Kite\Trace\Watchers\QueryWatcher', $watchers, 'the folder is where the watchers are');

        $recorded = new Dispatcher($this->app);
        Recorder::start($recorded, new Trace(new Source($this->app)));
        foreach ($watchers as $watcher) {
            $alone = new Dispatcher($this->app);
            (new $watcher)->register($alone, new Recording);
            $events = self::listenedTo($alone);
            $this->assertNotSame([], $events, "{$watcher} listens to something");
            foreach ($events as $event) {
                $this->assertContains($event, self::listenedTo($recorded), "{$watcher} is in Recorder::WATCHERS: {$event} is listened to");
            }
        }
        $this->assertEqualsCanonicalizing($watchers, Recorder::WATCHERS, 'Recorder::WATCHERS names exactly the watcher classes');
    }

    /** @return list<string> the event names (and wildcards such as `*`) $events has listeners for */
    private static function listenedTo(Dispatcher $events): array
    {
        return (fn () => [...array_keys($this->listeners), ...array_keys($this->wildcards)])->call($events);
    }

    public function test_a_job_pushed_onto_a_real_queue_is_recorded_as_queued_with_its_connection(): void
    {
        config([
            'queue.connections.database' => ['driver' => 'database', 'table' => 'jobs', 'queue' => 'default', 'retry_after' => 90],
            'queue.default' => 'database',
        ]);
        $before = DB::table('jobs')->count();

        [$meta] = $this->frame($this->relay(['method' => 'POST', 'url' => '/api/trace/write']));

        $this->assertSame(200, $meta['status']);
        $this->assertSame([['job' => 'App\Jobs\PingJob', 'connection' => 'database', 'queued' => true]], $meta['trace']['jobs']);
        $this->assertSame($before + 1, DB::table('jobs')->count(), 'the job is on the queue, not run');
        $this->assertNotContains('ping job ran for '.$meta['trace']['mails'][0]['to'][0], array_column($meta['trace']['logs'], 'message'));
    }
}
