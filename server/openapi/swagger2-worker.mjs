// @ts-check
// Reads a Swagger 2.0 document (JSON) on stdin and writes it converted to OpenAPI 3.0 on stdout;
// a failure is one line on stderr and exit code 1. Run by swagger2.mjs.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** @type {{ convertObj(swagger: unknown, options: Record<string, unknown>): Promise<{ openapi: unknown }> }} */
const { convertObj } = require('swagger2openapi');

let input = '';
process.stdin.setEncoding('utf8');
for await (const chunk of process.stdin) input += chunk;
try {
  // patch: repair the small mistakes real documents carry; warnOnly: never give up on one operation.
  const { openapi } = await convertObj(JSON.parse(input), { patch: true, warnOnly: true, resolve: false, text: '-' });
  process.stdout.write(JSON.stringify(openapi));
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
