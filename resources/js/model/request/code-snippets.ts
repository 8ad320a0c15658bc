// "Copy as code": the request in other languages. fetch, axios, HTTPie, Python requests and PHP
// Guzzle come from httpsnippet-lite (loaded only when the menu is used); Laravel's `Http::` client
// has no writer there, so it is written here. Every language starts from describeOutgoing, the
// same description Copy as cURL uses.
import type { OutgoingRequest } from './outgoing';

export const CODE_LANGUAGES = [
  { id: 'fetch', label: 'JavaScript fetch' },
  { id: 'axios', label: 'JavaScript axios' },
  { id: 'httpie', label: 'HTTPie' },
  { id: 'python', label: 'Python requests' },
  { id: 'guzzle', label: 'PHP Guzzle' },
  { id: 'laravel', label: 'Laravel Http::' },
] as const;

export type CodeLanguage = (typeof CODE_LANGUAGES)[number]['id'];

const SNIPPET_TARGETS: Record<Exclude<CodeLanguage, 'laravel'>, [target: string, client: string]> = {
  fetch: ['javascript', 'fetch'],
  axios: ['javascript', 'axios'],
  httpie: ['shell', 'httpie'],
  python: ['python', 'requests'],
  guzzle: ['php', 'guzzle'],
};

/** The request as HAR, the input of httpsnippet. */
export function toHar(request: OutgoingRequest) {
  const url = new URL(request.url);
  const headers = [...request.headers];
  if (request.basicAuth) headers.push({ name: 'Authorization', value: `Basic ${base64(`${request.basicAuth.username}:${request.basicAuth.password}`)}` });
  const body = request.body;
  let postData: { mimeType: string; text?: string; params?: Array<{ name: string; value?: string; fileName?: string; contentType?: string }> } | undefined;
  if (body.kind === 'text') postData = { mimeType: body.contentType || 'text/plain', text: body.text };
  else if (body.kind === 'form') postData = { mimeType: 'application/x-www-form-urlencoded', params: body.fields };
  else if (body.kind === 'multipart') {
    postData = {
      mimeType: 'multipart/form-data',
      params: body.parts.map((part) => ('file' in part ? { name: part.name, fileName: part.file.filename, contentType: part.file.contentType || undefined } : part)),
    };
  }
  return {
    method: request.method,
    url: request.url,
    httpVersion: 'HTTP/1.1',
    headers,
    queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
    cookies: [],
    postData,
    headersSize: -1,
    bodySize: -1,
  };
}

function base64(text: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(text)));
}

/** The request as code in `language`; a comment names what Kite did that the code does not. */
export async function toCode(request: OutgoingRequest, language: CodeLanguage): Promise<string> {
  // Laravel's Http client answers a Digest challenge itself (withDigestAuth); other code cannot.
  const note = language === 'laravel' && request.digestAuth ? null : request.hostOnlyAuthNote;
  const code = language === 'laravel' ? toLaravel(request) : await viaHttpSnippet(request, language);
  if (!note) return code;
  const comment = language === 'httpie' || language === 'python' ? `# ${note}` : `// ${note}`;
  return code.startsWith('<?php\n') ? code.replace('<?php\n', `<?php\n${comment}\n`) : `${comment}\n${code}`;
}

async function viaHttpSnippet(request: OutgoingRequest, language: Exclude<CodeLanguage, 'laravel'>): Promise<string> {
  const { HTTPSnippet } = await import('httpsnippet-lite');
  const [target, client] = SNIPPET_TARGETS[language];
  const output = await new HTTPSnippet(toHar(request) as ConstructorParameters<typeof HTTPSnippet>[0]).convert(target as never, client as never);
  return Array.isArray(output) ? output.join('\n') : (output ?? '');
}

const LARAVEL_VERBS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']);

/** Laravel's HTTP client (`Illuminate\Support\Facades\Http`), Laravel 8 to 12. */
export function toLaravel(request: OutgoingRequest): string {
  const calls: string[] = [];
  const contentType = request.headers.find((header) => header.name.toLowerCase() === 'content-type');
  const headers = request.headers.filter((header) => {
    const name = header.name.toLowerCase();
    if (name === 'authorization' && /^Bearer /.test(header.value)) return false;
    // The body's own call sets the content type of JSON, form and multipart bodies.
    return !(name === 'content-type' && request.body.kind !== 'none');
  });
  if (headers.length > 0) calls.push(`withHeaders(${php(Object.fromEntries(headers.map((header) => [header.name, header.value])), 1)})`);
  const bearer = request.headers.find((header) => header.name.toLowerCase() === 'authorization' && /^Bearer /.test(header.value));
  if (bearer) calls.push(`withToken(${php(bearer.value.slice('Bearer '.length))})`);
  if (request.basicAuth) calls.push(`withBasicAuth(${php(request.basicAuth.username)}, ${php(request.basicAuth.password)})`);
  if (request.digestAuth) calls.push(`withDigestAuth(${php(request.digestAuth.username)}, ${php(request.digestAuth.password)})`);

  const body = request.body;
  /** The body as PHP data (an array), written once it is known whether the call is chained. */
  let data: unknown = undefined;
  if (body.kind === 'text') {
    const parsed = body.json ? parseObject(body.text) : null;
    if (parsed) data = parsed;
    else calls.push(`withBody(${php(body.text)}, ${php(body.contentType || contentType?.value || 'text/plain')})`);
  } else if (body.kind === 'form') {
    calls.push('asForm()');
    data = Object.fromEntries(body.fields.map((field) => [field.name, field.value]));
  } else if (body.kind === 'multipart') {
    for (const part of body.parts) {
      if ('file' in part) calls.push(`attach(${php(part.name)}, file_get_contents(${php(part.file.filename)}), ${php(part.file.filename)})`);
    }
    const fields = body.parts.filter((part): part is { name: string; value: string } => !('file' in part));
    if (!calls.some((call) => call.startsWith('attach('))) calls.push('asMultipart()');
    data = Object.fromEntries(fields.map((field) => [field.name, field.value]));
  }

  const verb = request.method.toLowerCase();
  const payload = data === undefined ? null : php(data, calls.length > 0 ? 1 : 0);
  const send = LARAVEL_VERBS.has(request.method)
    ? `${verb}(${php(request.url)}${payload && request.method !== 'GET' && request.method !== 'HEAD' ? `, ${payload}` : ''})`
    : `send(${php(request.method)}, ${php(request.url)}${payload ? `, ['json' => ${payload}]` : ''})`;
  calls.push(send);
  const [first, ...rest] = calls;
  return ['use Illuminate\\Support\\Facades\\Http;', '', `$response = Http::${first}${rest.map((call) => `\n    ->${call}`).join('')};`, '', 'echo $response->body();'].join('\n');
}

function parseObject(text: string): Record<string, unknown> | unknown[] | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown> | unknown[]) : null;
  } catch {
    return null;
  }
}

/** A PHP literal for a JSON value; arrays and objects indented from `depth`. */
export function php(value: unknown, depth = 0): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const pad = '    '.repeat(depth);
  const inner = '    '.repeat(depth + 1);
  const entries = Array.isArray(value) ? value.map((item) => php(item, depth + 1)) : Object.entries(value as Record<string, unknown>).map(([key, item]) => `${php(key)} => ${php(item, depth + 1)}`);
  return entries.length === 0 ? '[]' : `[\n${entries.map((entry) => `${inner}${entry},`).join('\n')}\n${pad}]`;
}
