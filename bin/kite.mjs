#!/usr/bin/env node
// `npx kite serve …`: the Node host's command line (see server/cli.mjs).
import { main } from '../server/cli.mjs';

const code = await main(process.argv.slice(2));
if (code !== undefined) process.exit(code);
