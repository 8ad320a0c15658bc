// @ts-check
// `kite export-test FILE|FOLDER… --format phpunit|pest|node [--workspace DIR] [--env NAME]
// [--output PATH]`: saved requests (chosen as `kite run` chooses them, in file-name order) become
// one framework test by the model's exportTest (resources/js/model/export-tests): a PHPUnit or
// Pest feature test for a Laravel app, a node:test file for the Node host. The environment's plain
// values are written in; secrets are read from KITE_VAR_<name> when the test runs, never written.
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { CommandError, parse } from './import-cli.mjs';
import { commandModel, selectEnvironment, selectRequests, workspaceOfOptions } from './run-cli.mjs';

/**
 * @param {string[]} argv arguments after `export-test`
 * @param {{ write: (text: string) => void; log: (line: string) => void }} io stdout for the test when no --output names a file, stderr-like lines for notes
 * @returns {Promise<number>}
 */
export async function runExportTest(argv, io) {
  const { options, positional } = parse(argv, [], ['--workspace', '--format', '--env', '--output']);
  const model = await commandModel();
  const format = options['--format'];
  const formats = model.TEST_FORMATS.map((/** @type {{ id: string }} */ item) => item.id).join(', ');
  if (!model.isTestFormat(format)) throw new CommandError(`${format === undefined ? '--format is needed' : `--format ${format} is not one Kite exports`}: use one of ${formats}`);
  if (positional.length === 0) throw new CommandError('name the saved requests to export: kite export-test FILE|FOLDER --format … (a folder is the one the saved-requests pane shows)');

  const { root, workspace } = await workspaceOfOptions(options);
  const environment = typeof options['--env'] === 'string' ? await selectEnvironment(workspace, options['--env']) : undefined;
  const files = await selectRequests(workspace, root, positional);
  // A request named as a file is the test's name; a folder names it otherwise.
  const asFile = positional.length === 1 ? files.find((file) => file.path === `requests/${positional[0].replace(/^requests\//, '').replace(/\.json$/, '')}.json`) : undefined;
  const title = asFile ? String(asFile.content.name ?? positional[0]) : positional.map((argument) => argument.replace(/^\/+|\/+$/g, '').split('/').pop()).join(' ');
  const exported = model.exportTest(
    files.map((/** @type {{ content: any }} */ file) => file.content),
    format,
    title,
    environment,
  );
  const output = typeof options['--output'] === 'string' ? options['--output'] : undefined;
  if (output === undefined) io.write(exported.text);
  else {
    const isFolder = (await fs.stat(output).catch(() => null))?.isDirectory() === true;
    const path = isFolder ? join(output, exported.fileName) : output;
    await fs.writeFile(path, exported.text);
    io.log(`Wrote ${path}: ${files.length} request${files.length === 1 ? '' : 's'} as a ${format} test`);
  }
  for (const note of exported.notes) io.log(`Note: ${note}`);
  return 0;
}
