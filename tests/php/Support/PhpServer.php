<?php

namespace Kite\Tests\Support;

use RuntimeException;

/** `php -S` with ONE worker (PHP_CLI_SERVER_WORKERS unset), as `php artisan serve` runs by default. */
final class PhpServer
{
    /** @var resource */
    private $process;

    public readonly int $port;

    /** Runs in $documentRoot: Laravel's router script (as `php artisan serve` runs it) takes the public folder from the working directory. */
    public function __construct(string $documentRoot, ?string $router, array $env)
    {
        $this->port = self::freePort();
        unset($env['PHP_CLI_SERVER_WORKERS']);
        $command = [PHP_BINARY, '-S', '127.0.0.1:'.$this->port, '-t', $documentRoot];
        if ($router !== null) {
            $command[] = $router;
        }
        $this->process = proc_open($command, [0 => ['file', '/dev/null', 'r'], 1 => ['file', '/dev/null', 'w'], 2 => ['file', '/dev/null', 'w']], $pipes, $documentRoot, $env);

        $deadline = microtime(true) + 10;
        while (microtime(true) < $deadline) {
            $socket = @fsockopen('127.0.0.1', $this->port, $errno, $error, 0.2);
            if ($socket) {
                fclose($socket);

                return;
            }
            usleep(50_000);
        }
        $this->stop();
        throw new RuntimeException("php -S did not start on port {$this->port}");
    }

    public function url(string $path = ''): string
    {
        return 'http://127.0.0.1:'.$this->port.$path;
    }

    public function stop(): void
    {
        if (is_resource($this->process)) {
            proc_terminate($this->process);
            proc_close($this->process);
        }
    }

    public static function freePort(): int
    {
        $socket = stream_socket_server('tcp://127.0.0.1:0');
        $name = stream_socket_get_name($socket, false);
        fclose($socket);

        return (int) substr($name, strrpos($name, ':') + 1);
    }
}
