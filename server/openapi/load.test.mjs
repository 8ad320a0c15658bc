import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OpenApiLoadError, loadOpenApiFile, parseOpenApiText } from './load.mjs';

const dir = mkdtempSync(join(tmpdir(), 'kite-openapi-'));
const file = (name, text) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('loading an OpenAPI file', () => {
  it('reads YAML and JSON documents of OpenAPI 3.0 and 3.1', () => {
    expect(loadOpenApiFile(file('a.yaml', 'openapi: 3.0.3\ninfo: {title: A, version: "1"}\npaths: {}\n')).info.title).toBe('A');
    expect(loadOpenApiFile(file('b.json', '{"openapi":"3.1.0","info":{"title":"B","version":"1"},"paths":{}}')).openapi).toBe('3.1.0');
  });

  it('names the file, line and column of a YAML error', () => {
    const path = file('broken.yaml', 'openapi: 3.1.0\npaths:\n  /a:\n    get: {\n');
    expect(() => loadOpenApiFile(path)).toThrow(OpenApiLoadError);
    expect(() => loadOpenApiFile(path)).toThrow(new RegExp(`^${path}: \\d+:\\d+: invalid YAML: `));
  });

  it('names the line and column of a JSON error', () => {
    expect(() => parseOpenApiText('{\n  "openapi": "3.1.0",\n  "paths": }\n', 'api.json')).toThrow('api.json: 3:12: invalid JSON: unexpected "}"');
    expect(() => parseOpenApiText('{"openapi": "3.1.0"', 'api.json')).toThrow('api.json: 1:20: invalid JSON: unexpected end of input');
  });

  it('reports a duplicate YAML key with its position', () => {
    expect(() => parseOpenApiText('openapi: 3.1.0\nopenapi: 3.0.0\n', 'dup.yaml')).toThrow(/^dup\.yaml: 2:1: invalid YAML: Map keys must be unique/);
  });

  it('refuses a missing file, Swagger 1.2 and documents that are not OpenAPI', () => {
    expect(() => loadOpenApiFile(join(dir, 'missing.yaml'))).toThrow(`${join(dir, 'missing.yaml')}: no such file`);
    expect(() => parseOpenApiText('swagger: "1.2"\n', 's.yaml')).toThrow('s.yaml: Swagger 1.2 is not supported (2.0, 3.0 and 3.1 are)');
    expect(() => parseOpenApiText('name: not an api\n', 'n.yaml')).toThrow("n.yaml: not an OpenAPI document (no 'openapi' version field)");
    expect(() => parseOpenApiText('openapi: 4.0.0\n', 'v.yaml')).toThrow('v.yaml: OpenAPI 4.0.0 is not supported (3.0 and 3.1 are)');
    expect(() => parseOpenApiText('openapi: 3.1.0\npaths: [1]\n', 'p.yaml')).toThrow("p.yaml: 'paths' must be an object");
  });
});
