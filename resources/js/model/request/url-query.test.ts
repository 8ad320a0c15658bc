import { describe, expect, it } from 'vitest';
import type { KeyValueRow } from './request-state';
import { applyUrlText, syncQueryRows, urlFieldText } from './url-query';

const row = (name: string, value = '', enabled = false): KeyValueRow => ({ id: `id-${name}`, name, value, enabled });
const shape = (rows: KeyValueRow[]) => rows.map(({ name, value, enabled }) => `${enabled ? '+' : '-'}${name}=${value}`);
const route = new Set(['page', 'per_page', 'search']);
const schemaRows = () => [row('page'), row('per_page'), row('search')];

describe('the URL field and the Params table', () => {
  it('shows the path with the ticked rows as the query that is sent', () => {
    expect(urlFieldText('/users', [row('page', '2', true), row('per_page', '50'), row('search', 'a b', true)])).toBe('/users?page=2&search=a%20b');
    expect(urlFieldText('/users', schemaRows())).toBe('/users');
  });

  it('a query typed into the URL ticks and fills the existing rows, without duplicates', () => {
    const rows = syncQueryRows(schemaRows(), [{ name: 'search', value: 'alan' }, { name: 'page', value: '2' }], route);
    expect(shape(rows)).toEqual(['+page=2', '-per_page=', '+search=alan']);
    expect(rows.map((item) => item.id)).toEqual(['id-page', 'id-per_page', 'id-search']);
  });

  it('unticks the route rows the URL no longer names and removes the user rows it no longer names', () => {
    const rows = [row('page', '2', true), row('per_page'), row('search', 'alan', true), row('extra', 'x', true)];
    expect(shape(syncQueryRows(rows, [{ name: 'search', value: 'alan' }], route))).toEqual(['-page=2', '-per_page=', '+search=alan']);
  });

  it('typing a new name letter by letter renames one row instead of leaving one per keystroke', () => {
    let rows = schemaRows();
    for (const name of ['s', 'se', 'sea', 'searc', 'search']) rows = syncQueryRows(rows, [{ name, value: '' }], route);
    expect(shape(rows)).toEqual(['-page=', '-per_page=', '+search=']);
    for (const name of ['f', 'fo', 'foo']) rows = syncQueryRows(rows, [{ name: 'search', value: '' }, { name, value: '1' }], route);
    expect(shape(rows)).toEqual(['-page=', '-per_page=', '+search=', '+foo=1']);
  });

  it('keeps repeated names as separate rows and leaves nameless rows alone', () => {
    const rows = syncQueryRows([row('', 'draft', true)], [{ name: 'tag', value: 'a' }, { name: 'tag', value: 'b' }]);
    expect(shape(rows)).toEqual(['+=draft', '+tag=a', '+tag=b']);
  });

  it('an absolute URL under the base becomes a relative path and its query rows', () => {
    const { url, query } = applyUrlText('http://api.test/v1/users?search=ada', schemaRows(), 'http://api.test/v1', route);
    expect(url).toBe('/users');
    expect(shape(query)).toEqual(['-page=', '-per_page=', '+search=ada']);
  });
});
