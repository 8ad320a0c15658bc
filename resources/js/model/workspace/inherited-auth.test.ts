import { describe, expect, it } from 'vitest';
import type { FolderSettingsFile } from '../../../../protocol/types';
import { defaultRequestState } from '../request/request-state';
import { authForNewSave, effectiveAuth, folderLineage, inheritedFromLabel, newFolderSettingsPath, withInheritedSavedAuth } from './inherited-auth';
import { fromSavedFile, toSavedFile } from './saved-requests';

const inherit = { ...defaultRequestState().auth, type: 'inherit' as const };
const folders: FolderSettingsFile[] = [
  { folder: 'users', auth: { type: 'bearer', token: '{{token}}' } },
  { folder: 'users/admin', auth: { type: 'inherit' } },
  { folder: 'users/admin/keys', auth: { type: 'api-key', keyIn: 'query', keyName: 'key', token: '{{key}}' } },
  { folder: '', auth: { type: 'basic', username: '{{user}}', password: '{{password}}' } },
];

describe('inherited auth', () => {
  it('looks in the folder, then each parent, then the workspace', () => {
    expect(folderLineage('users/admin/keys')).toEqual(['users/admin/keys', 'users/admin', 'users', '']);
    expect(folderLineage('/users/')).toEqual(['users', '']);
    expect(folderLineage('')).toEqual(['']);
  });

  it("takes the nearest folder's auth, skipping a folder that inherits itself, and says which folder gave it", () => {
    expect(effectiveAuth(inherit, 'users', folders)).toMatchObject({ auth: { type: 'bearer', token: '{{token}}' }, inheritedFrom: 'users' });
    expect(effectiveAuth(inherit, 'users/admin', folders)).toMatchObject({ auth: { type: 'bearer', token: '{{token}}' }, inheritedFrom: 'users' });
    expect(effectiveAuth(inherit, 'users/admin/keys', folders)).toMatchObject({ auth: { type: 'api-key', keyIn: 'query', keyName: 'key', token: '{{key}}' }, inheritedFrom: 'users/admin/keys' });
    expect(effectiveAuth(inherit, 'orders', folders)).toMatchObject({ auth: { type: 'basic', username: '{{user}}', password: '{{password}}' }, inheritedFrom: '' });
    expect(inheritedFromLabel('users')).toBe('requests/users');
    expect(inheritedFromLabel('')).toBe('the workspace');
  });

  it('falls back to none (or the type given) when no folder nor the workspace sets an auth', () => {
    expect(effectiveAuth(inherit, 'orders', [])).toEqual({ auth: { ...inherit, type: 'none' }, inheritedFrom: null });
    expect(effectiveAuth(inherit, 'orders', [{ folder: '', auth: { type: 'inherit' } }], 'current-user')).toMatchObject({ auth: { type: 'current-user' }, inheritedFrom: null });
  });

  it("keeps a request's own auth, even None, whatever its folder sets", () => {
    const none = { ...inherit, type: 'none' as const };
    expect(effectiveAuth(none, 'users', folders)).toEqual({ auth: none });
  });

  it('is kept by a saved file and read back, and a folder file names its folder', () => {
    const state = { ...defaultRequestState(), auth: { ...inherit, token: 'left over', scheme: 'old' } };
    expect(toSavedFile(state, 'Me', 'users').auth).toEqual({ type: 'inherit' });
    expect(fromSavedFile({ auth: { type: 'inherit' } }).auth.type).toBe('inherit');
    expect(newFolderSettingsPath('users/admin', [])).toBe('folders/users-admin.json');
    expect(newFolderSettingsPath('', ['folders/workspace.json'])).toBe('folders/workspace-2.json');
  });

  it('is the auth of a newly saved request unless one was chosen', () => {
    const untouched = { ...inherit, type: 'current-user' as const };
    expect(authForNewSave(untouched, 'current-user').type).toBe('inherit');
    expect(authForNewSave({ ...untouched, type: 'none' }, 'current-user').type).toBe('none');
    expect(authForNewSave({ ...untouched, type: 'bearer', token: '{{token}}' }, 'bearer').type).toBe('bearer');
    expect(authForNewSave({ ...untouched, type: 'bearer' }, 'bearer').type).toBe('inherit');
  });
});

describe('withInheritedSavedAuth', () => {
  const folders = [
    { folder: 'users', auth: { type: 'bearer' as const, token: '{{token}}' } },
    { folder: 'users/admin', auth: { type: 'inherit' as const } },
  ];
  const file = (folder: string, auth: Record<string, string>) => ({ name: 'x', folder, auth }) as never;

  it('writes the nearest folder’s auth into a file that inherits, and leaves one with its own auth alone', () => {
    expect(withInheritedSavedAuth(file('users/admin', { type: 'inherit' }), folders).auth).toEqual({ type: 'bearer', token: '{{token}}' });
    expect(withInheritedSavedAuth(file('users', { type: 'none' }), folders).auth).toEqual({ type: 'none' });
    expect(withInheritedSavedAuth(file('posts', { type: 'inherit' }), folders, 'current-user').auth).toEqual({ type: 'current-user' });
  });
});
