// Starts `node bin/kite.mjs serve` on a free port (`--port 0`) and resolves with its page URL once
// it prints it. Used by the client benchmark and end-to-end tests that need their own host.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));

export function startKiteHost(args = []) {
  const child = spawn(process.execPath, ['bin/kite.mjs', 'serve', '--port', '0', ...args], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk) => {
      output += chunk;
      const match = /at (http:\/\/\S+)/.exec(output);
      if (match) {
        child.stdout.off('data', onData);
        resolve({ url: match[1], stop: () => child.kill() });
      }
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => reject(new Error(`kite serve exited with ${code}: ${output.trim()}`)));
  });
}
