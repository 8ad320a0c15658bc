// @ts-check
// multipart/form-data in both directions: the relay builds bodies from the app's fields, the demo
// API reads them back.
import { randomBytes } from 'node:crypto';

/**
 * @typedef {{ name: string; kind: 'text'; value: string } | { name: string; kind: 'file'; filename: string; contentType: string; data: Buffer }} MultipartField
 */

/**
 * @param {MultipartField[]} fields
 * @returns {{ body: Buffer; contentType: string }}
 */
export function buildMultipart(fields) {
  const boundary = `----KiteBoundary${randomBytes(12).toString('hex')}`;
  /** @type {Buffer[]} */
  const parts = [];
  for (const field of fields) {
    const name = quote(field.name);
    if (field.kind === 'file') {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${quote(field.filename)}"\r\nContent-Type: ${field.contentType || 'application/octet-stream'}\r\n\r\n`,
        ),
        field.data,
        Buffer.from('\r\n'),
      );
    } else {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${field.value}\r\n`));
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * @typedef {{ name: string; filename?: string; contentType?: string; data: Buffer }} ParsedPart
 */

/**
 * Splits a multipart body into its parts; throws on a body that does not follow the boundary.
 * @param {Buffer} body
 * @param {string} contentType the request's Content-Type with its boundary parameter
 * @returns {ParsedPart[]}
 */
export function parseMultipart(body, contentType) {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!match) throw new Error('The multipart Content-Type has no boundary');
  const delimiter = Buffer.from(`--${match[1] ?? match[2]}`);
  /** @type {ParsedPart[]} */
  const parts = [];
  let start = body.indexOf(delimiter);
  if (start === -1) throw new Error('The multipart body does not contain its boundary');
  for (;;) {
    start += delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    if (body.subarray(start, start + 2).toString() === '\r\n') start += 2;
    const next = body.indexOf(delimiter, start);
    if (next === -1) throw new Error('The multipart body ends without its closing boundary');
    const part = body.subarray(start, next - 2); // drop the CRLF before the delimiter
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd === -1) throw new Error('A multipart part has no header block');
    const headers = part.subarray(0, headerEnd).toString('utf8');
    const disposition = /content-disposition:([^\r\n]*)/i.exec(headers)?.[1] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1] ?? '';
    const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
    const type = /content-type:\s*([^\r\n]*)/i.exec(headers)?.[1]?.trim();
    parts.push({ name, ...(filename !== undefined ? { filename } : {}), ...(type ? { contentType: type } : {}), data: part.subarray(headerEnd + 4) });
    start = next;
  }
  return parts;
}

/** @param {string} value */
function quote(value) {
  return value.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22');
}
