import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync, chmodSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createWorkspace, WorkspaceError } from './workspace.mjs';

const scratch = () => mkdtempSync(join(tmpdir(), 'kite-workspace-'));

describe('the workspace folder', () => {
  it('writes pretty JSON with sorted keys, lists and reads it back, and deletes it', async () => {
    const folder = scratch();
    const workspace = createWorkspace(folder);
    await workspace.write('environments/local.json', { variables: { userId: '2', b: '1' }, name: 'local' });
    expect(readFileSync(join(folder, 'environments/local.json'), 'utf8')).toBe('{\n  "name": "local",\n  "variables": {\n    "b": "1",\n    "userId": "2"\n  }\n}\n');
    const listing = await workspace.list();
    expect(listing).toMatchObject({ writable: true, files: [{ path: 'environments/local.json' }] });
    expect((await workspace.read('environments/local.json')).content).toEqual({ name: 'local', variables: { b: '1', userId: '2' } });
    await workspace.remove('environments/local.json');
    expect((await workspace.list()).files).toEqual([]);
  });

  it('refuses paths outside the folder and symbolic links', async () => {
    const folder = scratch();
    const outside = scratch();
    const workspace = createWorkspace(folder);
    for (const path of ['../x.json', '/etc/passwd', 'requests/../../x.json']) {
      await expect(workspace.write(path, { name: 'x', method: 'GET', url: '/' })).rejects.toMatchObject({ status: 422, code: 'INVALID_WORKSPACE_PATH' });
    }
    symlinkSync(outside, join(folder, 'requests'));
    await expect(workspace.write('requests/x.json', { name: 'x', method: 'GET', url: '/' })).rejects.toThrow(/symbolic link/);
  });

  it('answers a clear 422 for a malformed file and refuses a credential in a request file', async () => {
    const folder = scratch();
    mkdirSync(join(folder, 'requests'));
    writeFileSync(join(folder, 'requests/broken.json'), '{"name": ');
    const workspace = createWorkspace(folder);
    const error = await workspace.read('requests/broken.json').catch((caught) => caught);
    expect(error).toBeInstanceOf(WorkspaceError);
    expect(error).toMatchObject({ status: 422, code: 'INVALID_WORKSPACE_FILE' });
    expect(error.message).toMatch(/^requests\/broken.json is not valid JSON/);
    await expect(workspace.write('requests/a.json', { name: 'a', method: 'GET', url: '/', auth: { type: 'bearer', token: 't' } })).rejects.toThrow('"auth" keeps only its type and {{variable}} references; credentials (token) never go into a file');
  });

  it("keeps a request's assertions in their order, keys sorted, and refuses one with an operator its source does not take", async () => {
    const folder = scratch();
    const workspace = createWorkspace(folder);
    const assertions = [
      { source: 'status', path: '', operator: 'class', expected: '2xx' },
      { source: 'body', path: '$.data.id', operator: 'equals', expected: '{{id}}' },
    ];
    await workspace.write('requests/user.json', { name: 'User', method: 'GET', url: '/users/1', assertions });
    expect((await workspace.read('requests/user.json')).content.assertions).toEqual(assertions);
    expect(readFileSync(join(folder, 'requests/user.json'), 'utf8')).toContain('{\n      "expected": "2xx",\n      "operator": "class",\n      "path": "",\n      "source": "status"\n    },');
    await expect(workspace.write('requests/bad.json', { name: 'Bad', method: 'GET', url: '/', assertions: [{ source: 'status', path: '', operator: 'contains', expected: '2' }] })).rejects.toMatchObject({
      status: 422,
      message: 'assertion 1: status takes equals, class, not "contains"',
    });
    await expect(workspace.write('requests/bad.json', { name: 'Bad', method: 'GET', url: '/', assertions: [{ source: 'body', operator: 'exists' }] })).rejects.toThrow(
      'assertion 1 must be { "source", "path", "operator", "expected" } with string values',
    );
    await expect(workspace.write('requests/bad.json', { name: 'Bad', method: 'GET', url: '/', assertions: {} })).rejects.toThrow('"assertions" must be an array');
  });

  it('keeps auth variable references and secret variable names, and refuses their literal values', async () => {
    const workspace = createWorkspace(scratch());
    await workspace.write('requests/me.json', { name: 'Me', method: 'GET', url: '/me', auth: { type: 'bearer', token: '{{token}}' } });
    expect((await workspace.read('requests/me.json')).content).toMatchObject({ auth: { type: 'bearer', token: '{{token}}' } });
    await expect(workspace.write('requests/b.json', { name: 'b', method: 'GET', url: '/', auth: { type: 'basic', username: '{{user}}', password: 'Bearer {{pw}}' } })).rejects.toThrow(
      'credentials (password) never go into a file',
    );
    await workspace.write('environments/local.json', { name: 'local', variables: { userId: '2', token: { value: '', secret: true } } });
    expect((await workspace.read('environments/local.json')).content).toEqual({ name: 'local', variables: { token: { secret: true, value: '' }, userId: '2' } });
    await expect(workspace.write('environments/local.json', { name: 'local', variables: { token: { value: 'abc', secret: true } } })).rejects.toThrow(
      'secret variable "token" keeps no value in a file',
    );
  });

  it("keeps a folder's settings (folders/SLUG.json) with auth references, lists them, refuses a literal credential or a missing folder, and lets a request inherit", async () => {
    const folder = scratch();
    const workspace = createWorkspace(folder);
    await workspace.write('folders/users.json', { folder: 'users', auth: { type: 'bearer', token: '{{token}}' } });
    expect(readFileSync(join(folder, 'folders/users.json'), 'utf8')).toBe('{\n  "auth": {\n    "token": "{{token}}",\n    "type": "bearer"\n  },\n  "folder": "users"\n}\n');
    await workspace.write('folders/workspace.json', { folder: '', auth: { type: 'api-key', keyIn: 'header', keyName: 'X-Key', token: '{{key}}' } });
    expect((await workspace.list()).files.map((file) => file.path)).toEqual(['folders/users.json', 'folders/workspace.json']);
    await expect(workspace.write('folders/users.json', { folder: 'users', auth: { type: 'bearer', token: 'abc' } })).rejects.toMatchObject({ status: 422, message: expect.stringContaining('credentials (token) never go into a file') });
    await expect(workspace.write('folders/x.json', { auth: { type: 'none' } })).rejects.toThrow('"folder" must be');
    await expect(workspace.write('folders/x.json', { folder: 'x' })).rejects.toThrow('"auth" must be { "type": … }');
    await expect(workspace.write('folders/x.json', { folder: 'x', auth: { type: 'none' }, headers: [] })).rejects.toThrow('hold "folder" and "auth" only, not headers');
    expect((await workspace.read('folders/users.json')).content.auth.token).toBe('{{token}}');
    await workspace.write('requests/me.json', { name: 'Me', folder: 'users', method: 'GET', url: '/me', auth: { type: 'inherit' } });
    expect((await workspace.read('requests/me.json')).content.auth).toEqual({ type: 'inherit' });
  });

  it.skipIf(process.getuid?.() === 0)('says why a folder without write permission is read-only', async () => {
    const folder = scratch();
    chmodSync(folder, 0o555);
    const workspace = createWorkspace(folder);
    expect(await workspace.list()).toMatchObject({ writable: false, readOnlyReason: expect.stringMatching(/no write permission/) });
    await expect(workspace.write('requests/a.json', { name: 'a', method: 'GET', url: '/' })).rejects.toMatchObject({ status: 403, code: 'WORKSPACE_READ_ONLY' });
  });

  it('refuses a save when the file changed on disk since it was read (409) and writes nothing', async () => {
    const folder = scratch();
    const workspace = createWorkspace(folder);
    const saved = await workspace.write('requests/a.json', { name: 'a', method: 'GET', url: '/' });
    const again = await workspace.write('requests/a.json', { name: 'as read', method: 'GET', url: '/' }, { modifiedMs: saved.modifiedMs });
    // Someone edits the file by hand a minute later.
    writeFileSync(join(folder, 'requests/a.json'), '{"name": "on disk", "method": "GET", "url": "/"}');
    utimesSync(join(folder, 'requests/a.json'), new Date(), new Date(again.modifiedMs + 60_000));
    await expect(workspace.write('requests/a.json', { name: 'mine', method: 'GET', url: '/' }, { modifiedMs: again.modifiedMs })).rejects.toMatchObject({ status: 409, code: 'WORKSPACE_CONFLICT', message: expect.stringContaining('requests/a.json changed on disk since it was read') });
    expect((await workspace.read('requests/a.json')).content.name).toBe('on disk');
    // Without the precondition ("Overwrite") the save goes through.
    await workspace.write('requests/a.json', { name: 'mine', method: 'GET', url: '/' });
    expect((await workspace.read('requests/a.json')).content.name).toBe('mine');
  });

  it('answers 507 when the disk is full and leaves no temporary file behind', async () => {
    const folder = scratch();
    // Writes half the bytes, then fails as a full disk does.
    const fullDisk = async (/** @type {string} */ path, /** @type {string} */ text) => {
      await writeFile(path, text.slice(0, text.length / 2));
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    };
    const workspace = createWorkspace(folder, { writeFile: /** @type {any} */ (fullDisk) });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await expect(workspace.write('requests/a.json', { name: 'a', method: 'GET', url: '/' })).rejects.toMatchObject({ status: 507, code: 'WORKSPACE_DISK_FULL', message: expect.stringContaining('requests/a.json was not written') });
    }
    expect(readdirSync(join(folder, 'requests'))).toEqual([]);
  });

  it('does not list the files of a symbolically linked environments folder, as it does not read them', async () => {
    const folder = scratch();
    const outside = scratch();
    writeFileSync(join(outside, 'stolen.json'), '{"name": "stolen", "variables": {}}');
    symlinkSync(outside, join(folder, 'environments'));
    const workspace = createWorkspace(folder);
    await expect(workspace.read('environments/stolen.json')).rejects.toThrow(/symbolic link/);
    expect((await workspace.list()).files).toEqual([]);
  });

  it('answers 422 for a file on disk nested deeper than json_decode reads', async () => {
    const folder = scratch();
    mkdirSync(join(folder, 'requests'));
    writeFileSync(join(folder, 'requests/deep.json'), `{"name": "deep", "method": "GET", "url": "/", "x": ${'['.repeat(5000)}${']'.repeat(5000)}}`);
    await expect(createWorkspace(folder).read('requests/deep.json')).rejects.toMatchObject({ status: 422, code: 'INVALID_WORKSPACE_FILE', message: 'requests/deep.json nests deeper than 512 levels' });
  });
});
