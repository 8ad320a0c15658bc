#!/usr/bin/env node
// `npm run conformance -- URL`: checks a running Kite host (its page URL) against the protocol.
// Prints one line per check and `N passed, N failed` last; exits 1 when any check failed.
import { runConformance } from './checks.mjs';

const url = process.argv[2];
if (!url || url === '--help' || url === '-h') {
  console.log('Usage: npm run conformance -- http://127.0.0.1:8080/http-client');
  process.exit(url ? 0 : 2);
}
try {
  new URL(url);
} catch {
  console.error(`conformance: '${url}' is not a URL; give the page URL, e.g. http://127.0.0.1:8080/http-client`);
  process.exit(2);
}

const { passed, failed } = await runConformance(url, {
  onResult: (result) => console.log(`${result.ok ? 'ok  ' : 'FAIL'} ${result.name}${result.detail ? ` — ${result.detail}` : ''}`),
});
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
