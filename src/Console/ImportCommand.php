<?php

namespace Kite\Console;

use Illuminate\Console\Command;
use Kite\Kite;
use Symfony\Component\Process\ExecutableFinder;
use Symfony\Component\Process\Process;

/**
 * `php artisan kite:import FILE… [--overwrite]`: the Node host's importer (server/import-cli.mjs on
 * the bundle dist/node/import.mjs, both shipped in this package) run on the workspace folder of
 * config('kite.workspace'), so both hosts write the same files from the same readers; a PHP copy
 * of the readers would drift. Needs Node.js on the PATH; says so clearly when it is missing.
 */
class ImportCommand extends Command
{
    protected $signature = 'kite:import
        {files* : Postman collections and environments, Insomnia, Bruno, HAR, OpenAPI or cURL files}
        {--overwrite : Replace the workspace files the import would write that exist already}';

    protected $description = "Import other tools' requests and environments into Kite's workspace folder";

    /** Runs runImport() of server/import-cli.mjs alone: bin/kite.mjs would also load the host's npm packages. */
    private const RUNNER = <<<'JS'
        const [, cli, ...argv] = process.argv;
        const { runImport, CommandError } = await import(cli);
        try {
          process.exitCode = await runImport(argv, console);
        } catch (error) {
          console.error(`kite:import: ${error.message}`);
          process.exitCode = error instanceof CommandError ? 2 : 1;
        }
        JS;

    public function handle(): int
    {
        $node = (new ExecutableFinder)->find('node');
        if ($node === null) {
            $this->error('kite:import runs Kite\'s importer on Node.js (20 or newer), which is not on the PATH: install Node.js, or run `npx kite import` where it is.');

            return 2;
        }
        $files = array_map(fn (string $file) => str_starts_with($file, '/') ? $file : getcwd().'/'.$file, (array) $this->argument('files'));
        $workspace = (string) (config('kite.workspace') ?: base_path('.kite'));
        $arguments = [$node, '--input-type=module', '-e', self::RUNNER, '--', 'file://'.Kite::packagePath('server/import-cli.mjs'), ...$files, '--workspace', $workspace];
        if ($this->option('overwrite')) {
            $arguments[] = '--overwrite';
        }
        $process = new Process($arguments, base_path(), null, null, null);
        $process->run(function (string $type, string $output): void {
            $type === Process::ERR ? $this->output->getErrorStyle()->write($output) : $this->output->write($output);
        });

        return $process->getExitCode() ?? 1;
    }
}
