// Copy as cURL, and importing a cURL command pasted into the URL bar. Both directions work on the
// request state so that export followed by import gives back the same request.
import type { HttpMethod, RelayRequest } from '../../../../protocol/types';
import { type BodyType } from './body-types';
import {
  type KeyValueRow,
  type MultipartRow,
  type RequestState,
  HTTP_METHODS,
  emptyRow,
  newRowId,
} from './request-state';
import { hostOnlyAuthNote } from './auth-notes';
import { describeOutgoing, type ExportOptions } from './outgoing';
import { decodeQueryPair, relativeToBase, splitUrl, withoutLeadingComments } from './url';

/** Single-quotes a word for a POSIX shell: `it's` → `'it'\''s'`. */
export function shellQuote(text: string): string {
  if (text !== '' && /^[A-Za-z0-9_\-.,:/@=+%]+$/.test(text)) return text;
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export type CurlExportOptions = Omit<ExportOptions, 'includeSecrets'>;

/**
 * What a copied command lacks that Kite would send (see auth-notes.ts).
 */
export function curlNotes(request: Pick<RelayRequest, 'authorization'>): string[] {
  // cURL answers a Digest challenge itself (`--digest`).
  const note = request.authorization.type === 'digest' ? null : hostOnlyAuthNote(request.authorization);
  return note ? [note] : [];
}

/**
 * The relay request (relay-request.ts relayRequestOf) as a cURL command, with its token and
 * password as typed (a command to paste and run). Auth types that only the host can apply (the
 * logged-in user's session, impersonation) have no cURL equivalent: a comment line above the
 * command says so.
 */
export function toCurl(relayRequest: RelayRequest, options: CurlExportOptions): string {
  const request = describeOutgoing(relayRequest, { ...options, includeSecrets: true });
  const comments = curlNotes(relayRequest).map((note) => `# ${note}\n`).join('');
  const parts: string[] = ['curl'];
  if (request.method !== 'GET' || request.body.kind !== 'none') parts.push('-X', request.method);
  parts.push(shellQuote(request.url));
  for (const header of request.headers) parts.push('-H', shellQuote(`${header.name}: ${header.value}`));
  if (request.basicAuth) parts.push('-u', shellQuote(`${request.basicAuth.username}:${request.basicAuth.password}`));
  if (request.digestAuth) parts.push('--digest', '-u', shellQuote(`${request.digestAuth.username}:${request.digestAuth.password}`));
  const body = request.body;
  if (body.kind === 'text') parts.push('--data-raw', shellQuote(body.text));
  else if (body.kind === 'form') for (const field of body.fields) parts.push('--data-urlencode', shellQuote(`${field.name}=${field.value}`));
  else if (body.kind === 'multipart') {
    for (const part of body.parts) {
      if ('file' in part) parts.push('-F', shellQuote(`${part.name}=@${part.file.filename}${part.file.contentType ? `;type=${part.file.contentType}` : ''}`));
      else parts.push('-F', shellQuote(`${part.name}=${part.value}`));
    }
  }
  return comments + parts.join(' ');
}

export { looksLikeCurl } from './url';

/** File parts of an imported command: cURL names the file (`-F file=@photo.png`) but Kite cannot read it. */
export function filesToChooseAgain(imported: Partial<RequestState>): string[] {
  return (imported.multipartFields ?? []).filter((row) => row.kind === 'file').map((row) => row.file?.filename ?? row.name);
}

export class CurlParseError extends Error {}

/**
 * Splits a shell command line into words: single quotes, double quotes (with backslash escapes),
 * `$'…'` strings, backslash escapes and line continuations (`\` + newline, also `^` from cmd.exe).
 */
export function shellWords(command: string): string[] {
  const words: string[] = [];
  let current = '';
  let inWord = false;
  let i = 0;
  const text = command.replace(/\\\r?\n/g, ' ').replace(/\^\r?\n/g, ' ');
  while (i < text.length) {
    const char = text[i];
    if (/\s/.test(char)) {
      if (inWord) {
        words.push(current);
        current = '';
        inWord = false;
      }
      i += 1;
    } else if (char === "'") {
      const end = text.indexOf("'", i + 1);
      if (end === -1) throw new CurlParseError('Unclosed single quote in the cURL command.');
      current += text.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (char === '$' && text[i + 1] === "'") {
      i += 2;
      inWord = true;
      while (i < text.length && text[i] !== "'") {
        if (text[i] === '\\' && i + 1 < text.length) {
          const next = text[i + 1];
          const escapes: Record<string, string> = { n: '\n', t: '\t', r: '\r', "'": "'", '\\': '\\', '"': '"' };
          current += escapes[next] ?? `\\${next}`;
          i += 2;
        } else {
          current += text[i];
          i += 1;
        }
      }
      if (i >= text.length) throw new CurlParseError('Unclosed $\'…\' string in the cURL command.');
      i += 1;
    } else if (char === '"') {
      i += 1;
      inWord = true;
      while (i < text.length && text[i] !== '"') {
        if (text[i] === '\\' && i + 1 < text.length && '"\\$`\n'.includes(text[i + 1])) {
          current += text[i + 1];
          i += 2;
        } else {
          current += text[i];
          i += 1;
        }
      }
      if (i >= text.length) throw new CurlParseError('Unclosed double quote in the cURL command.');
      i += 1;
    } else if (char === '\\' && i + 1 < text.length) {
      current += text[i + 1];
      inWord = true;
      i += 2;
    } else {
      current += char;
      inWord = true;
      i += 1;
    }
  }
  if (inWord) words.push(current);
  return words;
}

const OPTIONS_WITH_VALUE = new Set([
  '-X', '--request', '-H', '--header', '-d', '--data', '--data-raw', '--data-binary', '--data-ascii',
  '--data-urlencode', '-F', '--form', '--form-string', '-u', '--user', '-b', '--cookie', '-A', '--user-agent',
  '-e', '--referer', '--url', '-o', '--output', '-m', '--max-time', '--connect-timeout', '-x', '--proxy',
  '-w', '--write-out', '--retry', '-c', '--cookie-jar', '--oauth2-bearer',
]);

/**
 * The request a cURL command describes, as the parts of the builder's state it sets. The URL
 * becomes relative when it lies under the application's base URL; its query string becomes rows.
 */
export function fromCurl(command: string, baseUrl: string): Partial<RequestState> {
  const words = shellWords(withoutLeadingComments(command).trim());
  if (words.length === 0 || !/^curl(\.exe)?$/i.test(words[0])) throw new CurlParseError('A cURL command starts with "curl".');

  let method: string | undefined;
  let url: string | undefined;
  const headers: KeyValueRow[] = [];
  const dataParts: string[] = [];
  const urlencodedParts: string[] = [];
  const formParts: MultipartRow[] = [];
  let user: string | undefined;
  let bearer: string | undefined;
  let forceGet = false;
  let digest = false;

  for (let i = 1; i < words.length; i += 1) {
    let word = words[i];
    let value: string | undefined;
    // `--header=X: y` and `-XPOST` forms.
    const eq = word.startsWith('--') ? word.indexOf('=') : -1;
    if (eq > 0 && OPTIONS_WITH_VALUE.has(word.slice(0, eq))) {
      value = word.slice(eq + 1);
      word = word.slice(0, eq);
    } else if (/^-[XHdFubAe]./.test(word)) {
      value = word.slice(2);
      word = word.slice(0, 2);
    } else if (OPTIONS_WITH_VALUE.has(word)) {
      i += 1;
      if (i >= words.length) throw new CurlParseError(`The option ${word} needs a value.`);
      value = words[i];
    }
    switch (word) {
      case '-X':
      case '--request':
        method = value!.toUpperCase();
        break;
      case '-H':
      case '--header': {
        const colon = value!.indexOf(':');
        if (colon <= 0) break;
        const name = value!.slice(0, colon).trim();
        const headerValue = value!.slice(colon + 1).trim();
        const bearerMatch = /^bearer\s+(.+)$/i.exec(headerValue);
        if (name.toLowerCase() === 'authorization' && bearerMatch) bearer = bearerMatch[1];
        else headers.push(emptyRow(name, headerValue));
        break;
      }
      case '--oauth2-bearer':
        bearer = value!;
        break;
      case '-d':
      case '--data':
      case '--data-raw':
      case '--data-binary':
      case '--data-ascii':
        dataParts.push(value!);
        break;
      case '--data-urlencode':
        urlencodedParts.push(value!);
        break;
      case '-F':
      case '--form':
      case '--form-string':
        formParts.push(parseFormPart(value!, word === '--form-string'));
        break;
      case '-u':
      case '--user':
        user = value!;
        break;
      case '--digest':
        digest = true;
        break;
      case '-b':
      case '--cookie':
        headers.push(emptyRow('Cookie', value!));
        break;
      case '-A':
      case '--user-agent':
        headers.push(emptyRow('User-Agent', value!));
        break;
      case '-e':
      case '--referer':
        headers.push(emptyRow('Referer', value!));
        break;
      case '-G':
      case '--get':
        forceGet = true;
        break;
      case '-I':
      case '--head':
        method = 'HEAD';
        break;
      case '--url':
        url = value!;
        break;
      default:
        if (value === undefined && !word.startsWith('-') && url === undefined) url = word;
        break;
    }
  }
  if (!url) throw new CurlParseError('The cURL command has no URL.');

  const { path, query } = splitUrl(relativeToBase(url, baseUrl));
  const result: Partial<RequestState> = {
    url: path,
    pathParams: {},
    query: query.map((item) => emptyRow(item.name, item.value)),
    headers: [],
    routeId: '',
    autofillSeed: null,
  };

  const contentTypeIndex = headers.findIndex((header) => header.name.toLowerCase() === 'content-type');
  const contentType = contentTypeIndex === -1 ? '' : headers[contentTypeIndex].value;
  let bodyType: BodyType = 'none';
  if (forceGet && (dataParts.length > 0 || urlencodedParts.length > 0)) {
    for (const part of [...dataParts, ...urlencodedParts]) {
      const eqAt = part.indexOf('=');
      result.query!.push(emptyRow(eqAt === -1 ? part : part.slice(0, eqAt), eqAt === -1 ? '' : part.slice(eqAt + 1)));
    }
  } else if (formParts.length > 0) {
    bodyType = 'multipart';
    result.multipartFields = formParts;
  } else if (urlencodedParts.length > 0 || (dataParts.length > 0 && /x-www-form-urlencoded/i.test(contentType))) {
    bodyType = 'form';
    result.formFields = [...dataParts.flatMap((part) => part.split('&').map(decodeFormPair)), ...urlencodedParts.map(urlencodedPair)];
  } else if (dataParts.length > 0) {
    const text = dataParts.join('&');
    const isJson = /json/i.test(contentType) || (!contentType && looksLikeJson(text));
    bodyType = isJson ? 'json' : 'raw';
    if (isJson) result.jsonBody = text;
    else {
      result.rawBody = text;
      result.rawContentType = contentType || 'application/x-www-form-urlencoded';
    }
  }
  // The content type follows from the body type; keeping it as a header would duplicate it.
  const bodyDeterminesContentType =
    bodyType === 'multipart' || bodyType === 'form' || (bodyType === 'json' && /^application\/json\b/i.test(contentType)) || bodyType === 'raw';
  result.headers = headers.filter((_, index) => !(index === contentTypeIndex && bodyDeterminesContentType));
  result.bodyType = bodyType;

  const hasBody = bodyType !== 'none';
  const upper = (method ?? (hasBody ? 'POST' : 'GET')).toUpperCase();
  result.method = (HTTP_METHODS as string[]).includes(upper) ? (upper as HttpMethod) : 'GET';

  if (bearer !== undefined) result.auth = { type: 'bearer', token: bearer, username: '', password: '', userId: '' };
  else if (user !== undefined) {
    const colon = user.indexOf(':');
    result.auth = {
      type: digest ? 'digest' : 'basic',
      username: colon === -1 ? user : user.slice(0, colon),
      password: colon === -1 ? '' : user.slice(colon + 1),
      token: '',
      userId: '',
    };
  } else {
    result.auth = { type: 'none', token: '', username: '', password: '', userId: '' };
  }
  return result;
}

function parseFormPart(text: string, literal: boolean): MultipartRow {
  const eq = text.indexOf('=');
  const name = eq === -1 ? text : text.slice(0, eq);
  const value = eq === -1 ? '' : text.slice(eq + 1);
  if (!literal && value.startsWith('@')) {
    const [filename, ...attributes] = value.slice(1).split(';');
    const type = attributes.find((attribute) => attribute.startsWith('type='))?.slice(5) ?? '';
    return { id: newRowId(), enabled: true, name, value: '', kind: 'file', file: { filename, contentType: type, size: 0 } };
  }
  return { id: newRowId(), enabled: true, name, value, kind: 'text' };
}

function decodeFormPair(pair: string): KeyValueRow {
  const { name, value } = decodeQueryPair(pair);
  return emptyRow(name, value);
}

/** `--data-urlencode name=value` carries the value unencoded. */
function urlencodedPair(part: string): KeyValueRow {
  const eq = part.indexOf('=');
  return emptyRow(eq === -1 ? '' : part.slice(0, eq), eq === -1 ? part : part.slice(eq + 1));
}

function looksLikeJson(text: string): boolean {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return false;
  try {
    JSON.parse(trimmed);
    return true;
  } catch {
    return false;
  }
}
