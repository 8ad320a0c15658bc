// Files of cURL commands (one per line, or continued with `\`), each read by the builder's own
// cURL reader (model/request/curl.ts) into a request. Pure.
import { CurlParseError, fromCurl, shellWords } from '../request/curl';
import { type RequestState } from '../request/request-state';
import { type ImportBatch, importedState } from './batch';

/** The commands of a file: `curl …` lines with their `\`-continued lines, comments left out. */
export function curlCommands(text: string): string[] {
  const commands: string[] = [];
  let current: string | null = null;
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (current === null) {
      if (!/^\s*curl(\.exe)?\s/i.test(line)) continue;
      current = line;
    } else current += `\n${line}`;
    if (!/[\\^]\s*$/.test(current)) {
      commands.push(current);
      current = null;
    }
  }
  if (current !== null) commands.push(current.replace(/[\\^]\s*$/, ''));
  return commands.map((command) => command.trim());
}

export function isCurlFile(text: string): boolean {
  return /^\s*curl(\.exe)?\s/im.test(text.replace(/^\s*#.*$/gm, ''));
}

export function readCurlFile(text: string, batch: ImportBatch, fileName: string): void {
  batch.nameCollection(fileName.replace(/\.[^.]+$/, ''));
  curlCommands(text).forEach((command, index) => {
    const label = `command ${index + 1}`;
    // fromCurl reads an unknown method as GET; an import says so instead.
    const words = shellWords(command);
    const methodAt = words.findIndex((word) => word === '-X' || word === '--request');
    const method = methodAt === -1 ? null : (words[methodAt + 1] ?? '').toUpperCase();
    if (method !== null && !batch.knownMethod(label, method)) return;
    let parsed: Partial<RequestState>;
    try {
      parsed = fromCurl(command, '');
    } catch (error) {
      batch.skip(label, error instanceof CurlParseError ? error.message : String(error));
      return;
    }
    const state: RequestState = { ...importedState(), ...parsed, auth: { ...importedState().auth, ...parsed.auth } };
    // cURL takes `example.com/x` as http://example.com/x.
    if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(state.url) && !state.url.startsWith('{{')) state.url = `http://${state.url}`;
    let path: string;
    try {
      path = new URL(state.url.replace(/\{\{[^}]*\}\}/g, 'x')).pathname;
    } catch {
      batch.skip(label, `its URL ${state.url} does not parse`);
      return;
    }
    batch.addRequest({ name: `${state.method} ${path}`, folders: [], state });
  });
}
