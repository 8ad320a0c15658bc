// Pure helpers that read a response's Content-Type: what kind of body it is and its file extension.

/** The media type without parameters, lower-cased: `application/json; charset=utf-8` → `application/json`. */
export function mediaType(contentType: string | null | undefined): string {
  return String(contentType ?? '').split(';')[0].trim().toLowerCase();
}

/** The `charset` parameter of a Content-Type, when it names one. */
export function charsetOf(contentType: string | null | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(String(contentType ?? ''));
  return match ? match[1].toLowerCase() : undefined;
}

export type BodyKind = 'json' | 'html' | 'image' | 'text' | 'binary' | 'empty';

const TEXT_APPLICATION_TYPES = new Set([
  'application/javascript',
  'application/ecmascript',
  'application/xml',
  'application/x-www-form-urlencoded',
  'application/graphql',
  'application/x-yaml',
  'application/yaml',
  'application/sql',
  'application/x-sh',
  'application/xhtml+xml',
  'application/ld+json',
]);

/** Whether a media type is JSON (`application/json`, `application/problem+json`, `text/json`, …). */
export function isJsonMediaType(type: string): boolean {
  return type === 'application/json' || type === 'text/json' || type.endsWith('+json') || type === 'application/x-ndjson';
}

/** Whether a media type carries text (so Raw can show it). */
export function isTextMediaType(type: string): boolean {
  return (
    type.startsWith('text/') ||
    isJsonMediaType(type) ||
    type.endsWith('+xml') ||
    TEXT_APPLICATION_TYPES.has(type)
  );
}

/**
 * What the viewer shows for a body. The Content-Type decides; when it is missing or generic
 * (`application/octet-stream`), the first bytes do: JSON-looking text is JSON, a NUL byte or
 * invalid UTF-8 is binary, anything else is text.
 */
export function bodyKind(contentType: string | null | undefined, head: Uint8Array, byteLength = head.length): BodyKind {
  if (byteLength === 0) return 'empty';
  const type = mediaType(contentType);
  if (type.startsWith('image/') && type !== 'image/svg+xml') return 'image';
  if (type === 'image/svg+xml') return 'image';
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  if (isJsonMediaType(type)) return 'json';
  if (isTextMediaType(type)) return looksLikeJson(head) && type === 'text/plain' ? 'json' : 'text';
  if (type === '' || type === 'application/octet-stream') {
    if (looksBinary(head)) return 'binary';
    return looksLikeJson(head) ? 'json' : 'text';
  }
  return looksBinary(head) || !type.startsWith('text/') ? 'binary' : 'text';
}

/** The first non-blank byte is `{` or `[`. */
export function looksLikeJson(head: Uint8Array): boolean {
  for (let i = 0; i < head.length; i += 1) {
    const c = head[i];
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0xef || c === 0xbb || c === 0xbf) continue;
    return c === 0x7b || c === 0x5b;
  }
  return false;
}

/** A NUL byte or bytes that are not UTF-8 in the first KB mean the body is not text. */
export function looksBinary(head: Uint8Array): boolean {
  const sample = head.subarray(0, 1024);
  if (sample.includes(0)) return true;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
    return false;
  } catch {
    return true;
  }
}

/**
 * Image types a browser only ever draws. A `blob:` URL of one of these, opened as a page ("Open
 * image in new tab"), shows the picture and runs nothing. SVG is a document that can carry script,
 * and an unknown type may be sniffed as HTML: a `blob:` URL belongs to Kite's origin, so those
 * images are never given one (see ResponseBody's ImagePreview).
 */
const INERT_IMAGE_TYPES = new Set([
  'image/png',
  'image/apng',
  'image/jpeg',
  'image/jpg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'image/x-icon',
  'image/vnd.microsoft.icon',
]);

/** Whether a body of this media type can be shown from a `blob:` URL of Kite's origin safely. */
export function isInertImageType(type: string): boolean {
  return INERT_IMAGE_TYPES.has(mediaType(type));
}

const EXTENSIONS: Record<string, string> = {
  'application/json': 'json',
  'text/json': 'json',
  'application/x-ndjson': 'ndjson',
  'text/html': 'html',
  'application/xhtml+xml': 'xhtml',
  'application/xml': 'xml',
  'text/xml': 'xml',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'text/css': 'css',
  'text/markdown': 'md',
  'text/calendar': 'ics',
  'text/javascript': 'js',
  'application/javascript': 'js',
  'application/x-yaml': 'yaml',
  'application/yaml': 'yaml',
  'text/yaml': 'yaml',
  'application/pdf': 'pdf',
  'application/zip': 'zip',
  'application/gzip': 'gz',
  'application/x-gzip': 'gz',
  'application/x-tar': 'tar',
  'application/wasm': 'wasm',
  'application/octet-stream': 'bin',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/bmp': 'bmp',
  'image/x-icon': 'ico',
  'image/vnd.microsoft.icon': 'ico',
  'image/svg+xml': 'svg',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'font/woff': 'woff',
  'font/woff2': 'woff2',
};

/** The file extension (without the dot) for a Content-Type; `bin` when nothing fits. */
export function extensionForContentType(contentType: string | null | undefined): string {
  const type = mediaType(contentType);
  if (EXTENSIONS[type]) return EXTENSIONS[type];
  if (type.endsWith('+json')) return 'json';
  if (type.endsWith('+xml')) return 'xml';
  if (type.startsWith('text/')) return 'txt';
  return 'bin';
}

/**
 * A download name for a response: the one its Content-Disposition gives (`filename*` before
 * `filename`, RFC 6266), else the last path segment of its URL (without its own extension) plus
 * the extension from Content-Type; `response.<ext>` when neither names anything usable.
 */
export function downloadFileName(url: string | null | undefined, contentType: string | null | undefined, contentDisposition?: string | null): string {
  const given = dispositionFileName(contentDisposition);
  if (given) return given;
  const extension = extensionForContentType(contentType);
  let path = '';
  try {
    path = new URL(String(url ?? ''), 'http://kite.invalid').pathname;
  } catch {
    path = '';
  }
  const segment = decodeSafely(path.split('/').filter(Boolean).pop() ?? '');
  const stem = segment.replace(/\.[A-Za-z0-9]{1,8}$/, '').replace(/[^\w.-]+/g, '-').replace(/^[-.]+|[-.]+$/g, '');
  return `${stem || 'response'}.${extension}`;
}

/** The file name a Content-Disposition header gives, reduced to a bare name (no folders, no control characters); '' when none. */
export function dispositionFileName(header: string | null | undefined): string {
  if (!header) return '';
  const parameters = new Map<string, string>();
  const pattern = /;\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;
  for (let match = pattern.exec(header); match; match = pattern.exec(header)) {
    const raw = match[2]!.trim();
    parameters.set(match[1]!.toLowerCase(), raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw);
  }
  const extended = parameters.get('filename*');
  const utf8 = extended ? /^utf-8'[^']*'(.*)$/i.exec(extended) : null;
  const decoded = utf8 ? decodeStrictly(utf8[1]!) : null;
  return bareFileName(decoded ?? parameters.get('filename') ?? '');
}

/** The last segment of a name that may hold folders, without control characters; '' when nothing usable is left. */
function bareFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const last = name.replace(/[\u0000-\u001f\u007f]/g, '').split(/[\\/]/).pop()!.trim();
  return /^\.*$/.test(last) ? '' : last;
}

function decodeStrictly(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

function decodeSafely(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The value of the first header with this name (case-insensitive), from the ordered header list. */
export function headerValue(headers: Array<[string, string]>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of headers) if (key.toLowerCase() === wanted) return value;
  return undefined;
}
