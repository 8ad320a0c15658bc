#!/usr/bin/env node
// `npx kite serve …`: the Node host's command line (see server/cli.mjs). `kite run` (in CI, on every
// push) goes straight to its own module, without loading the host: its start-up is most of a short
// run (its --help too). That module is the one-file build of it when current (server/run-bundle.mjs).
const args = process.argv.slice(2);
const fastRun = args[0] === 'run';
const runModule = async () => import(await (await import('../server/run-bundle.mjs')).runModuleUrl());
const code = fastRun ? await (await runModule()).runCommand(args.slice(1)) : await (await import('../server/cli.mjs')).main(args);
if (code !== undefined) process.exit(code);
