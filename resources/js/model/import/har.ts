// HAR files (a browser's recorded traffic, HAR 1.1/1.2): each entry becomes a request, one per
// method and path (the first one recorded is kept), in a folder named by its host. Cookies and
// auth headers become secret variables like every credential of an import (./batch.ts). Pure.
import { emptyRow, type MultipartRow, type RequestState } from '../request/request-state';
import { isRecord } from '../is-record';
import { type ImportBatch, importedState, setTextBody } from './batch';
import { type Json, list, text } from './values';


/** Headers the browser or the connection sets, not the request's own. */
const CONNECTION_HEADERS = new Set(['host', 'content-length', 'connection', 'accept-encoding', 'keep-alive', 'transfer-encoding', 'upgrade', 'te']);

export function isHar(value: unknown): value is { log: Json } {
  return isRecord(value) && isRecord(value.log) && Array.isArray(value.log.entries);
}

function applyPostData(state: RequestState, postData: Json): void {
  const mimeType = text(postData.mimeType);
  const params = list(postData.params);
  if (/multipart\/form-data/i.test(mimeType) && params.length > 0) {
    state.bodyType = 'multipart';
    state.multipartFields = params.map((param): MultipartRow => {
      const row: MultipartRow = { ...emptyRow(text(param.name), param.fileName ? '' : text(param.value)), kind: param.fileName ? 'file' : 'text' };
      return param.fileName ? { ...row, file: { filename: text(param.fileName), contentType: text(param.contentType), size: 0 } } : row;
    });
  } else if (/x-www-form-urlencoded/i.test(mimeType)) {
    state.bodyType = 'form';
    const pairs = params.length > 0 ? params.map((param) => [text(param.name), text(param.value)]) : new URLSearchParams(text(postData.text)).entries();
    state.formFields = [...pairs].map(([name, value]) => emptyRow(name, value));
  } else setTextBody(state, text(postData.text), mimeType);
}

export function readHar(har: { log: Json }, batch: ImportBatch, fileName: string): void {
  const version = text(har.log.version) || '1.2';
  if (!/^1\.[12]$/.test(version)) {
    batch.skip('', `a HAR file of version ${version}: Kite reads HAR 1.1 and 1.2`);
    return;
  }
  batch.nameCollection(fileName.replace(/\.har$/i, ''));
  const seen = new Map<string, number>();
  list(har.log.entries).forEach((entry, index) => {
    const request = isRecord(entry.request) ? entry.request : {};
    const recorded = text(request.method).toUpperCase();
    const label = `entry ${index + 1} (${recorded || '?'} ${text(request.url)})`;
    let url: URL;
    try {
      url = new URL(text(request.url));
    } catch {
      batch.skip(label, 'its URL does not parse');
      return;
    }
    const method = batch.knownMethod(label, recorded);
    if (!method) return;
    const key = `${method} ${url.origin}${url.pathname}`;
    if (seen.has(key)) {
      seen.set(key, seen.get(key)! + 1);
      return;
    }
    seen.set(key, 1);
    const state = importedState();
    state.method = method;
    state.url = `${url.origin}${url.pathname}`;
    const queryString = list(request.queryString);
    state.query = queryString.length > 0 ? queryString.map((item) => emptyRow(text(item.name), text(item.value))) : [...url.searchParams].map(([name, value]) => emptyRow(name, value));
    state.headers = list(request.headers)
      .filter((header) => !text(header.name).startsWith(':') && !CONNECTION_HEADERS.has(text(header.name).toLowerCase()))
      .map((header) => emptyRow(text(header.name), text(header.value)));
    // Cookies recorded apart from a Cookie header become one (a credential: a secret variable).
    const cookies = list(request.cookies);
    if (cookies.length > 0 && !state.headers.some((header) => header.name.toLowerCase() === 'cookie')) {
      state.headers.push(emptyRow('Cookie', cookies.map((cookie) => `${text(cookie.name)}=${text(cookie.value)}`).join('; ')));
    }
    if (isRecord(request.postData)) applyPostData(state, request.postData);
    if (state.bodyType !== 'none' && state.bodyType !== 'raw') state.headers = state.headers.filter((header) => header.name.toLowerCase() !== 'content-type');
    batch.addRequest({ name: `${method} ${url.pathname}`, folders: [url.host], state });
  });
  for (const [key, count] of seen) if (count > 1) batch.converted(`${key}: ${count} recorded entries, one request (the first recorded)`);
}
