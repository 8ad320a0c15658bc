<?php

namespace Kite\Trace;

use Illuminate\Contracts\Foundation\Application;
use Throwable;

/** Tells the app's own files from its libraries', and shows paths relative to the app. */
final class Source
{
    /** @var list<string> */
    private array $libraries;

    private string $base;

    public function __construct(Application $app)
    {
        $this->base = rtrim($app->basePath(), '/').'/';
        $illuminate = dirname((string) (new \ReflectionClass(\Illuminate\Foundation\Application::class))->getFileName(), 2);
        $symfony = dirname((string) (new \ReflectionClass(\Symfony\Component\VarDumper\VarDumper::class))->getFileName(), 3);
        // Composer installs live under vendor/; a system-wide framework (Debian's) beside the others.
        $this->libraries = array_values(array_unique([
            $this->base.'vendor/',
            dirname(__DIR__).'/',
            str_starts_with($illuminate, $this->base) ? $illuminate.'/' : dirname($illuminate).'/',
            str_starts_with($symfony, $this->base) ? $symfony.'/' : dirname($symfony).'/',
        ]));
    }

    public function isApp(?string $file): bool
    {
        if ($file === null || $file === '' || str_contains($file, '/vendor/') || str_contains($file, "eval()'d code")) {
            return false;
        }
        foreach ($this->libraries as $library) {
            if (str_starts_with($file, $library)) {
                return false;
            }
        }

        return true;
    }

    public function relative(string $file): string
    {
        return str_starts_with($file, $this->base) ? substr($file, strlen($this->base)) : $file;
    }

    /**
     * The first caller in the app's own code, walking up a debug_backtrace() from $from.
     *
     * @return array{file?: string, line?: int}
     */
    public function caller(array $backtrace, int $from): array
    {
        $fallback = null;
        for ($i = $from; $i < count($backtrace); $i++) {
            $file = $backtrace[$i]['file'] ?? null;
            if ($file === null) {
                continue;
            }
            $fallback ??= $backtrace[$i];
            if ($this->isApp($file)) {
                return ['file' => $this->relative($file), 'line' => (int) ($backtrace[$i]['line'] ?? 0)];
            }
        }

        return $fallback === null ? [] : ['file' => $this->relative($fallback['file']), 'line' => (int) ($fallback['line'] ?? 0)];
    }

    /** @return array{class: string, message: string, file: string, line: int, frames: list<array>} */
    public function exception(Throwable $exception): array
    {
        $frames = [['file' => $exception->getFile(), 'line' => $exception->getLine()]];
        foreach ($exception->getTrace() as $index => $frame) {
            $call = isset($frame['class']) ? $frame['class'].($frame['type'] ?? '::').$frame['function'] : ($frame['function'] ?? null);
            $frames[$index] += $call === null ? [] : ['call' => $call];
            $frames[] = array_filter(['file' => $frame['file'] ?? null, 'line' => $frame['line'] ?? null], static fn ($value) => $value !== null);
        }
        $app = [];
        $others = [];
        foreach (array_slice($frames, 0, 100) as $frame) {
            $isApp = $this->isApp($frame['file'] ?? null);
            if (isset($frame['file'])) {
                $frame['file'] = $this->relative($frame['file']);
            }
            $frame['app'] = $isApp;
            if ($isApp) {
                $app[] = $frame;
            } else {
                $others[] = $frame;
            }
        }

        return [
            'class' => get_class($exception),
            'message' => $exception->getMessage(),
            'file' => $this->relative($exception->getFile()),
            'line' => $exception->getLine(),
            'frames' => array_merge($app, $others),
        ];
    }
}
