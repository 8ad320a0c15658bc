<?php

namespace Kite\Trace;

use Illuminate\Contracts\Foundation\Application;
use Illuminate\Database\Connection;
use Illuminate\Database\DatabaseManager;
use Illuminate\Support\Facades\Facade;
use Illuminate\Support\Testing\Fakes\QueueFake;
use Throwable;

/**
 * Transaction mode for one relayed call: a transaction is open on every database connection the call
 * can use (those already connected now; any other as soon as the call first resolves it) and rolled
 * back afterwards, whatever happened; the queue is a QueueFake meanwhile, so jobs (queued mails and
 * notifications too) are recorded, not queued. Mails and notifications sent at once are held back
 * by the Recorder (Trace::holdBack).
 */
final class TransactionMode
{
    /** @var array<string, Connection> */
    private array $connections = [];

    /** @var array<string, ?callable> connection name => the extension it had before */
    private array $extended = [];

    private ?object $queue = null;

    private ?QueueFake $fake = null;

    public function __construct(private Application $app)
    {
    }

    public function begin(): void
    {
        $this->queue = $this->instance('queue');
        $this->fake = new QueueFake($this->app);
        $this->attach();
    }

    /**
     * Between the two parts of a streamed answer (see Capture): the queue and the connection
     * factories are the app's again; the open transactions stay open.
     */
    public function suspend(): void
    {
        $this->detach();
        if ($this->queue !== null) {
            $this->app->instance('queue', $this->queue);
        } else {
            $this->app->forgetInstance('queue');
        }
        Facade::clearResolvedInstance('queue');
    }

    /** Back for the second part: a connection made meanwhile gets its transaction now. */
    public function resume(): void
    {
        $this->queue = $this->instance('queue');
        $this->attach();
    }

    /** Transactions on every connection (now or when first made) and the queue fake in place. */
    private function attach(): void
    {
        /** @var DatabaseManager $db */
        $db = $this->app['db'];
        foreach (array_keys($db->getConnections()) as $name) {
            if (! isset($this->connections[$name])) {
                $this->beginOn($db->connection($name));
            }
        }
        foreach (array_keys((array) $this->app['config']->get('database.connections', [])) as $name) {
            if (! isset($this->connections[$name])) {
                $this->extendConnection($db, (string) $name);
            }
        }

        $this->app->instance('queue', $this->fake);
        Facade::clearResolvedInstance('queue');
    }

    /** Puts the connection factories back as they were. */
    private function detach(): void
    {
        (function (array $extended) {
            foreach ($extended as $name => $previous) {
                if ($previous === null) {
                    unset($this->extensions[$name]);
                } else {
                    $this->extensions[$name] = $previous;
                }
            }
        })->call($this->app['db'], $this->extended);
        $this->extended = [];
    }

    /**
     * Rolls every transaction back and puts the queue back.
     *
     * @return list<array> the jobs the call would have queued (protocol TraceJob)
     */
    public function end(): array
    {
        $this->detach();

        $failure = null;
        foreach ($this->connections as $connection) {
            try {
                if ($connection->transactionLevel() > 0) {
                    $connection->rollBack(0);
                }
            } catch (Throwable $error) {
                $failure ??= $error;
            }
        }

        $jobs = $this->fake === null ? [] : Recorder::fakedJobs($this->fake, (string) $this->app['config']->get('queue.default'));
        if ($this->queue !== null) {
            $this->app->instance('queue', $this->queue);
        } else {
            $this->app->forgetInstance('queue');
        }
        Facade::clearResolvedInstance('queue');

        if ($failure !== null) {
            throw $failure;
        }

        return $jobs;
    }

    private function beginOn(Connection $connection): void
    {
        $connection->beginTransaction();
        $this->connections[(string) $connection->getName()] = $connection;
    }

    /**
     * A connection the call resolves for the first time gets its transaction as it is made: the
     * manager calls a connection-name extension before its own factory.
     */
    private function extendConnection(DatabaseManager $db, string $name): void
    {
        [$previous, $byDriver] = (fn () => [$this->extensions[$name] ?? null, $this->extensions])->call($db);
        $this->extended[$name] = $previous;
        $db->extend($name, function (array $config, string $connectionName) use ($previous, $byDriver) {
            $driverExtension = $byDriver[$config['driver'] ?? ''] ?? null;
            $connection = match (true) {
                $previous !== null => $previous($config, $connectionName),
                $driverExtension !== null => $driverExtension($config, $connectionName),
                default => $this->app['db.factory']->make($config, $connectionName),
            };
            // The manager gives a new connection its transactions manager only after this factory;
            // Laravel 11+ then fails to roll back a transaction it never saw begin, so it sees it here.
            if ($this->app->bound('db.transactions')) {
                $connection->setTransactionManager($this->app['db.transactions']);
            }
            $this->beginOn($connection);

            return $connection;
        });
    }

    private function instance(string $service): ?object
    {
        return (fn (string $key) => $this->instances[$key] ?? null)->call($this->app, $service);
    }
}
