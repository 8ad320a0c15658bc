// @ts-check
// Reads one large OpenAPI document into an application (applications.mjs `readApplication`) and
// writes it to stdout as JSON; a document that cannot be read is `{ "error": message }` and exit
// code 1. Run by applications.mjs, so the parsed document and the conversion's garbage leave with
// this process instead of staying in the host's heap.
import { readApplicationHere } from './applications.mjs';

const { source, index, target } = JSON.parse(process.argv[2] ?? '{}');
try {
  process.stdout.write(JSON.stringify(readApplicationHere(source, index, target)));
} catch (error) {
  process.stdout.write(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
  process.exitCode = 1;
}
