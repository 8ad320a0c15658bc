import ky from 'ky';
import { describe, expect, it } from 'vitest';
import { freeValues, searchData } from './data-api';

const clientAnswering = (status: number, body: unknown, seen: string[] = []) =>
  ky.create({
    prefixUrl: 'http://host.test/api/',
    retry: 0,
    fetch: async (input) => {
      seen.push(input instanceof Request ? input.url : String(input));
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    },
  });

describe('searchData', () => {
  it('asks the data endpoint for a source and a search, and returns its rows', async () => {
    const seen: string[] = [];
    const answer = await searchData('users', 'ada', undefined, clientAnswering(200, { source: 'users', rows: [{ value: 1, label: 'Ada' }] }, seen));
    expect(answer?.rows).toEqual([{ value: 1, label: 'Ada' }]);
    expect(seen[0]).toBe('http://host.test/api/data?source=users&q=ada');
  });

  it('answers null when the host has no data pickers, so the app hides them', async () => {
    expect(await searchData('users', '', undefined, clientAnswering(404, { error: { code: 'DATA_UNAVAILABLE', message: 'off' } }))).toBeNull();
    await expect(searchData('nope', '', undefined, clientAnswering(422, { error: { code: 'INVALID_DATA_SOURCE', message: 'bad' } }))).rejects.toThrow();
  });

  it('does not ask a host whose page config says it has no data pickers (its 404 would toast)', async () => {
    const seen: string[] = [];
    expect(await searchData('users', '', undefined, clientAnswering(404, {}, seen), false)).toBeNull();
    expect(await freeValues('users', 'email', ['a'], undefined, clientAnswering(404, {}, seen), false)).toBeNull();
    expect(seen).toEqual([]);
  });
});

describe('freeValues', () => {
  it('asks about the candidates of a unique: rule as one JSON array and returns those the host calls free', async () => {
    const seen: string[] = [];
    const answer = await freeValues('users', 'email', ['a@x.io', 7], undefined, clientAnswering(200, { source: 'unique:users,email', rows: [{ value: 7, label: '7' }] }, seen));
    expect(answer).toEqual([7]);
    expect(new URL(seen[0]).searchParams.get('source')).toBe('unique:users,email');
    expect(JSON.parse(new URL(seen[0]).searchParams.get('candidates')!)).toEqual(['a@x.io', 7]);
    expect(await freeValues('users', 'email', ['a'], undefined, clientAnswering(404, { error: { code: 'DATA_UNAVAILABLE', message: 'off' } }))).toBeNull();
  });
});
