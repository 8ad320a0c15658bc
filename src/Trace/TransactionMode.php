<?php

namespace Kite\Trace;

use Illuminate\Bus\Dispatcher as BusDispatcher;
use Illuminate\Contracts\Bus\Dispatcher;
use Illuminate\Contracts\Foundation\Application;
use Illuminate\Database\Connection;
use Illuminate\Database\DatabaseManager;
use Illuminate\Support\Testing\Fakes\QueueFake;
use Kite\Trace\Watchers\JobWatcher;
use Throwable;

/**
 * Transaction mode for one relayed call: a transaction is open on every database connection the call
 * can use (those already connected now; any other as soon as the call first resolves it) and rolled
 * back afterwards, whatever happened; the queue is a QueueFake meanwhile, so jobs (queued mails and
 * notifications too) are recorded, not queued. Mails and notifications sent at once are held back
 * by the Recorder (Trace::holdBack).
 *
 * What it cannot undo is named in NotUndone: a transaction the app ended itself (found after the
 * call: the level is below the one begun, or the rollback fails), files written through the
 * filesystem manager (its disks record their writes meanwhile), and jobs run in the request
 * (a last pipe on the command bus); the Recorder adds cache writes, listeners and outgoing HTTP.
 */
final class TransactionMode
{
    /** @var array<string, Connection> */
    private array $connections = [];

    /** @var array<string, int> connection name => the transaction level Kite's transaction put it at */
    private array $levels = [];

    /** @var array<string, ?callable> connection name => the extension it had before */
    private array $extended = [];

    private ?QueueFake $fake = null;

    private ServiceSwap $queue;

    private ServiceSwap $filesystem;

    /** @var ?array{0: BusDispatcher, 1: array} the command bus and the pipes it had */
    private ?array $bus = null;

    public function __construct(private Application $app, private NotUndone $notUndone)
    {
        $this->queue = new ServiceSwap($app, 'queue');
        $this->filesystem = new ServiceSwap($app, 'filesystem');
    }

    public function begin(): void
    {
        $this->fake = new QueueFake($this->app);
        $this->attach();
    }

    /**
     * Between the two parts of a streamed answer (see Capture): the queue, the filesystem, the
     * command bus and the connection factories are the app's again; the open transactions stay open.
     */
    public function suspend(): void
    {
        $this->detach();
    }

    /** Back for the second part: a connection made meanwhile gets its transaction now. */
    public function resume(): void
    {
        $this->attach();
    }

    /** Transactions on every connection (now or when first made), the queue fake and the recording disks in place. */
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

        if ($this->fake !== null) {
            $this->queue->swap($this->fake);
        }
        $this->filesystem->swap(new RecordingDisks($this->app->make('filesystem'), $this->notUndone));
        $this->attachBus();
    }

    /** Puts the connection factories, the queue, the filesystem and the bus's pipes back as they were. */
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
        $this->queue->restore();
        $this->filesystem->restore();
        if ($this->bus !== null) {
            [$bus, $pipes] = $this->bus;
            $bus->pipeThrough($pipes);
            $this->bus = null;
        }
    }

    /** A job run in the request (dispatch_sync of a job that is not queued, dispatchNow) goes through the bus's pipes: the last one names it. */
    private function attachBus(): void
    {
        $bus = $this->app->make(Dispatcher::class);
        if (! $bus instanceof BusDispatcher) {
            return;
        }
        $pipes = (fn () => $this->pipes)->call($bus);
        $this->bus = [$bus, $pipes];
        $notUndone = $this->notUndone;
        $bus->pipeThrough([...$pipes, static function ($command, $next) use ($notUndone) {
            $notUndone->syncJob(JobWatcher::jobName($command));

            return $next($command);
        }]);
    }

    /**
     * Rolls every transaction back and puts the queue back. A transaction the app ended itself
     * (its own commit, or a COMMIT statement) is named as lost in NotUndone, not thrown: its writes
     * persisted, and the answer must say so rather than fail.
     *
     * @return list<array> the jobs the call would have queued (protocol TraceJob)
     */
    public function end(): array
    {
        $this->detach();

        foreach ($this->connections as $name => $connection) {
            $begun = $this->levels[$name];
            try {
                if ($connection->transactionLevel() < $begun) {
                    $this->notUndone->lostTransaction($name, 'The app ended the transaction itself (a commit or rollback of its own): its writes persisted.');

                    continue;
                }
                $connection->rollBack($begun - 1);
            } catch (Throwable $error) {
                self::forgetTransactions($connection, $begun - 1);
                $this->notUndone->lostTransaction($name, 'The rollback failed ('.$error->getMessage().'): the app ended the transaction itself (a COMMIT of its own), its writes persisted.');
            }
        }

        return $this->fake === null ? [] : JobWatcher::fakedJobs($this->fake, (string) $this->app['config']->get('queue.default'));
    }

    private function beginOn(Connection $connection): void
    {
        $connection->beginTransaction();
        $name = (string) $connection->getName();
        $this->connections[$name] = $connection;
        $this->levels[$name] = $connection->transactionLevel();
    }

    /**
     * After a failed rollback the connection still counts Kite's transaction as open: it is not.
     * SQLite's PDO keeps believing in it too (it does not ask SQLite), so its next beginTransaction()
     * would fail: a transaction begun and rolled back puts PDO and SQLite in step again.
     */
    private static function forgetTransactions(Connection $connection, int $level): void
    {
        try {
            $pdo = $connection->getPdo();
            if ($connection->getDriverName() === 'sqlite' && $pdo->inTransaction()) {
                $pdo->exec('BEGIN');
                $pdo->rollBack();
            }
        } catch (Throwable) {
            // Nothing to put in step: the next call's beginTransaction() says what is wrong.
        }
        (function (int $level) {
            $this->transactions = $level;
            if (isset($this->transactionsManager)) {
                $this->transactionsManager->rollback($this->getName(), $level);
            }
        })->call($connection, $level);
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
}
