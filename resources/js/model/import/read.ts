// Which tool wrote a file, and reading each source file into one ImportBatch. A file that cannot
// be read (too large, truncated, of an unknown or newer format) is one line of the report; the
// other files are still imported. Pure.
import { type ImportBatch, type ImportResult, ImportBatch as Batch } from './batch';
import { isBrunoSettings, readBrunoConfig, readBrunoFile } from './bruno';
import { isCurlFile, readCurlFile } from './curl-file';
import { isHar, readHar } from './har';
import { isInsomniaV4, readInsomniaV4, readInsomniaYaml } from './insomnia';
import { isOpenApi, readOpenApi, readOpenApiYaml } from './openapi';
import type { KnownApplication } from './routes';
import { isPostmanCollection, isPostmanEnvironment, readPostmanCollection, readPostmanEnvironment } from './postman';

/** A source file: its name (a path relative to what was chosen, for a Bruno folder) and its text. */
export interface ImportSource {
  name: string;
  text: string;
}

/** Largest file read: a collection this size is already thousands of requests. */
export const MAX_IMPORT_BYTES = 32 * 1024 * 1024;

export type SourceReader = (source: ImportSource, batch: ImportBatch) => boolean;

/** Readers for the formats that are not JSON (YAML, .bru, cURL): each says whether it took the file. */
const textReaders: SourceReader[] = [readBrunoFile, readInsomniaYaml, readOpenApiYaml, (source, batch) => isCurlFile(source.text) && (readCurlFile(source.text, batch, source.name), true)];

/** Adds a reader for a text format (kept apart so a bundle leaves out the ones it does not need). */
export function addTextReader(reader: SourceReader): void {
  if (!textReaders.includes(reader)) textReaders.push(reader);
}

type JsonReader = (value: unknown, batch: ImportBatch) => boolean;
const jsonReaders: JsonReader[] = [
  (value, batch) => isHar(value) && (readHar(value, batch, batch.file), true),
  (value, batch) => isInsomniaV4(value) && (readInsomniaV4(value, batch), true),
  readBrunoConfig,
  (value, batch) => isOpenApi(value) && (readOpenApi(value, batch), true),
  (value, batch) => isPostmanCollection(value) && (readPostmanCollection(value, batch), true),
  (value, batch) => isPostmanEnvironment(value) && (readPostmanEnvironment(value, batch), true),
];

export function addJsonReader(reader: JsonReader): void {
  if (!jsonReaders.includes(reader)) jsonReaders.push(reader);
}

function readSource(source: ImportSource, batch: ImportBatch): void {
  batch.file = source.name;
  const size = new TextEncoder().encode(source.text).length;
  if (size > MAX_IMPORT_BYTES) {
    batch.skip('', `the file is ${(size / 1024 / 1024).toFixed(1)} MB; Kite imports files up to ${MAX_IMPORT_BYTES / 1024 / 1024} MB (split the collection, or leave the responses out of a HAR)`);
    return;
  }
  const trimmed = source.text.replace(/^\uFEFF/, '').trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch (error) {
      batch.skip('', `not valid JSON (${error instanceof Error ? error.message : String(error)}); is the file cut short?`);
      return;
    }
    if (jsonReaders.some((reader) => reader(value, batch))) return;
    batch.skip('', 'a JSON file of a format Kite does not import: expected a Postman collection (v2.0, v2.1) or environment, an Insomnia v4 export, a HAR 1.2 file or an OpenAPI document');
    return;
  }
  if (textReaders.some((reader) => reader(source, batch))) return;
  batch.skip('', 'a file of a format Kite does not import: expected Postman, Insomnia (v4 JSON, v5 YAML), Bruno (.bru), HAR, OpenAPI or cURL commands');
}

export interface ImportOptions {
  /** Applications whose routes the imported requests are linked to when their method and path fit one. */
  applications?: readonly KnownApplication[];
}

export function importSources(sources: ImportSource[], options: ImportOptions = {}): ImportResult {
  const batch = new Batch(options.applications);
  // Environments first would not change anything; collections first name the default environment.
  // Bruno's collection.bru and folder.bru come before the requests they apply to (a stable sort).
  const ordered = [...sources].sort((a, b) => Number(isBrunoSettings(b.name)) - Number(isBrunoSettings(a.name)));
  for (const source of ordered) readSource(source, batch);
  return batch.finish();
}
