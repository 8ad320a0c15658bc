<?php

namespace Kite\Console;

use Illuminate\Console\Command;
use Kite\Run\Reporters;
use Kite\Run\Runner;
use Kite\Run\RunError;
use Kite\Workspace\WorkspaceError;
use Kite\Workspace\WorkspaceFolder;

/**
 * `php artisan kite:run [FOLDER|FILE…] --env NAME [--transaction[=request]] [--bail] [--reporter
 * cli,junit,json] [--output DIR] [--workspace DIR]`: the workspace's saved requests run inside this
 * application, in-process as the relay sends them (no server), in file-name order, captured values
 * flowing from one to the next, each request's assertions evaluated (the Laravel-only checks too),
 * and the run reported. Mirrors `kite run` (server/run-cli.mjs): its options, messages, reporters
 * and exit codes (0 everything passed, 1 an assertion or a request failed, 2 a usage or file
 * error). Secret values come from KITE_VAR_<name>, never from the workspace.
 */
class RunCommand extends Command
{
    protected $signature = 'kite:run
        {selection?* : saved request files (requests/NAME.json, NAME) or folders of the saved-requests pane; all when none}
        {--env= : the environment (environments/NAME.json, or its name)}
        {--transaction= : roll every write back: the whole run in one transaction (--transaction), or one per request (--transaction=request)}
        {--bail : stop at the first request that fails}
        {--reporter=cli : cli, junit, json (comma-separated)}
        {--output= : the folder junit and json write their files to}
        {--workspace= : the workspace folder (default: config kite.workspace)}';

    protected $description = "Run the workspace's saved requests and their assertions in-process, for CI";

    /** The prefix of the environment variables that hold secret values: KITE_VAR_token=… */
    public const SECRET_ENV_PREFIX = 'KITE_VAR_';

    private const REPORTERS = ['cli', 'junit', 'json'];

    public function handle(): int
    {
        try {
            return $this->runRequests();
        } catch (RunError|WorkspaceError $error) {
            $this->getOutput()->getErrorStyle()->writeln('kite:run: '.$error->getMessage());

            return 2;
        }
    }

    private function runRequests(): int
    {
        $reporters = array_values(array_filter(array_map('trim', explode(',', (string) $this->option('reporter')))));
        $unknown = array_diff($reporters, self::REPORTERS);
        if ($unknown !== []) {
            throw new RunError('--reporter '.implode(',', $unknown).': the reporters are '.implode(', ', self::REPORTERS));
        }
        $output = $this->option('output');
        if (array_diff($reporters, ['cli']) !== [] && ! is_string($output)) {
            throw new RunError('--reporter junit or json writes files: name their folder with --output DIR');
        }
        $transaction = $this->transactionMode();

        $root = (string) ($this->option('workspace') ?? (config('kite.workspace') ?: base_path('.kite')));
        if (! is_dir($root)) {
            throw new RunError("--workspace {$root}: no such folder");
        }
        $workspace = new WorkspaceFolder($root);
        $environment = is_string($this->option('env')) ? $this->environment($workspace, $this->option('env')) : null;
        $files = $this->selectRequests($workspace, $root, (array) $this->argument('selection'));
        if ($files === []) {
            throw new RunError("the workspace {$root} has no saved requests (requests/NAME.json)");
        }

        $secrets = self::secretsFromEnvironment(getenv());
        $values = self::environmentValues($environment, $secrets);
        $reporter = new Reporters($secrets);
        $showProgress = in_array('cli', $reporters, true);
        $started = hrtime(true);
        $startedAt = (new \DateTimeImmutable('now', new \DateTimeZone('UTC')))->format('Y-m-d\TH:i:s.v\Z');
        $run = (new Runner($this->laravel))->run($files, $values, $transaction, (bool) $this->option('bail'), function (int $index, int $count, array $request) use ($showProgress, $reporter) {
            foreach ($request['capturedSecrets'] ?? [] as $name => $value) {
                $reporter->addSecret($name, $value);
            }
            if ($showProgress) {
                $this->line("[{$index}/{$count}] ".$reporter->redact(self::progressLine($request)));
            }
        });
        $report = ['name' => implode(' ', (array) $this->argument('selection')) ?: 'kite:run', 'startedAt' => $startedAt, 'durationMs' => (hrtime(true) - $started) / 1e6, 'requests' => $run['requests'], 'notUndone' => $run['notUndone']];

        if ($showProgress) {
            $this->getOutput()->write($reporter->summary($report));
            if ($transaction !== 'none') {
                $this->line($transaction === 'run' ? 'The whole run ran in one transaction, rolled back at the end.' : 'Each request ran in its own transaction, rolled back after it.');
                foreach ($run['notUndone'] as $line) {
                    $this->line('  not undone: '.$reporter->redact($line));
                }
            }
        }
        if (is_string($output)) {
            if (! is_dir($output) && ! @mkdir($output, 0777, true) && ! is_dir($output)) {
                throw new RunError("--output {$output}: the folder cannot be made");
            }
            if (in_array('junit', $reporters, true)) {
                file_put_contents("{$output}/kite-junit.xml", $reporter->redact($reporter->junit($report)));
            }
            if (in_array('json', $reporters, true)) {
                file_put_contents("{$output}/kite-report.json", $reporter->redact($reporter->json($report)));
            }
        }

        return array_filter($run['requests'], Runner::failed(...)) !== [] ? 1 : 0;
    }

    /** `none`, `run` (--transaction) or `request` (--transaction=request). */
    private function transactionMode(): string
    {
        if (! $this->input->hasParameterOption('--transaction')) {
            return 'none';
        }
        $value = $this->option('transaction');
        if ($value === null || $value === '' || $value === 'run') {
            return 'run';
        }
        if ($value !== 'request') {
            throw new RunError("--transaction={$value}: write --transaction for the whole run in one transaction, or --transaction=request for one per request");
        }

        return 'request';
    }

    /**
     * The secret values KITE_VAR_<name> gives, by name.
     *
     * @return array<string, string>
     */
    public static function secretsFromEnvironment(array $env): array
    {
        $secrets = [];
        foreach ($env as $name => $value) {
            if (is_string($name) && str_starts_with($name, self::SECRET_ENV_PREFIX) && strlen($name) > strlen(self::SECRET_ENV_PREFIX)) {
                $secrets[substr($name, strlen(self::SECRET_ENV_PREFIX))] = (string) $value;
            }
        }

        return $secrets;
    }

    /**
     * The environment's variables, a secret one given its value from KITE_VAR_<name>; a secret not
     * given is left out, so a request using it stops as unresolved instead of sending nothing.
     *
     * @return array<string, string>
     */
    public static function environmentValues(?array $environment, array $secrets): array
    {
        $values = [];
        foreach ((array) ($environment['variables'] ?? []) as $name => $entry) {
            if (is_string($entry)) {
                $values[(string) $name] = $entry;
            } elseif (is_array($entry) && ($entry['secret'] ?? false) === true && array_key_exists((string) $name, $secrets)) {
                $values[(string) $name] = $secrets[(string) $name];
            }
        }

        return $values;
    }

    /** The environment `--env NAME` names: environments/NAME.json, or the one whose `name` it is. */
    private function environment(WorkspaceFolder $workspace, string $name): array
    {
        $paths = array_values(array_filter(array_column($workspace->list()['files'], 'path'), static fn ($path) => str_starts_with($path, 'environments/')));
        $byFile = 'environments/'.preg_replace('/\.json$/', '', $name).'.json';
        if (in_array($byFile, $paths, true)) {
            return self::arrays($workspace->read($byFile)['content']);
        }
        foreach ($paths as $path) {
            $content = self::arrays($workspace->read($path)['content']);
            if (($content['name'] ?? null) === $name) {
                return $content;
            }
        }
        throw new RunError("--env {$name}: there is no environment of that name ({$byFile}) in the workspace");
    }

    /**
     * The saved request files to run, in file-name order: all of them, or those each argument
     * names (a file `requests/NAME.json`, `NAME.json` or `NAME`, or a folder of the saved-requests
     * pane, with its subfolders).
     *
     * @return list<array{path: string, content: array}>
     */
    private function selectRequests(WorkspaceFolder $workspace, string $root, array $selection): array
    {
        $contents = [];
        foreach ($workspace->list()['files'] as $file) {
            if (str_starts_with($file['path'], 'requests/')) {
                $contents[$file['path']] = self::arrays($workspace->read($file['path'])['content']);
            }
        }
        if ($selection === []) {
            return array_map(static fn ($path) => ['path' => $path, 'content' => $contents[$path]], array_keys($contents));
        }
        $chosen = [];
        foreach ($selection as $argument) {
            $asFile = self::fileArgument((string) $argument, $root);
            if ($asFile !== null && isset($contents[$asFile])) {
                $chosen[$asFile] = true;

                continue;
            }
            $folder = trim((string) $argument, '/');
            $inFolder = array_filter(array_keys($contents), static function ($path) use ($contents, $folder) {
                $own = (string) ($contents[$path]['folder'] ?? '');

                return $folder === '' || $own === $folder || str_starts_with($own, "{$folder}/");
            });
            if ($inFolder === []) {
                throw new RunError("{$argument}: no saved request file or folder of that name in the workspace {$root} (the files are requests/NAME.json; a folder is the one the saved-requests pane shows)");
            }
            foreach ($inFolder as $path) {
                $chosen[$path] = true;
            }
        }

        return array_values(array_map(static fn ($path) => ['path' => $path, 'content' => $contents[$path]], array_filter(array_keys($contents), static fn ($path) => isset($chosen[$path]))));
    }

    private static function fileArgument(string $argument, string $root): ?string
    {
        $real = realpath($argument);
        $rootReal = realpath($root);
        if ($real !== false && $rootReal !== false && str_starts_with($real, $rootReal.'/requests/') && str_ends_with($real, '.json')) {
            return substr($real, strlen($rootReal) + 1);
        }
        $name = (string) preg_replace('#^requests/#', '', $argument);
        if (str_contains($name, '/')) {
            return null;
        }

        return 'requests/'.(str_ends_with($name, '.json') ? $name : "{$name}.json");
    }

    /** A workspace file's content (objects as stdClass) as arrays. */
    private static function arrays(mixed $content): array
    {
        return (array) json_decode((string) json_encode($content), true);
    }

    /** One line as each request finishes (plain, so CI logs read it as a terminal does). */
    private static function progressLine(array $run): string
    {
        $passed = count(array_filter($run['results'], static fn ($result) => $result['passed']));
        $outcome = isset($run['error']) ? "no answer: {$run['error']}" : "{$run['status']} in ".((int) round($run['durationMs'])).' ms, '."{$passed}/".count($run['results']).' assertions passed';

        return (Runner::failed($run) ? 'FAIL' : 'PASS')." {$run['name']} — {$run['method']} {$run['url']} — {$outcome}";
    }
}
