import { describe, expect, it } from 'vitest';
import { pathText, queryPairs, queryParameterName, queryRowName, serializationOf } from './parameter-style';

const pairs = (list: Array<{ name: string; value: string }>) => list.map(({ name, value }) => `${name}=${value}`);
const form = serializationOf({ in: 'query' });

describe('query parameters by style and explode', () => {
  it('defaults to form, exploded: an array as repeated parameters, an object as its properties', () => {
    expect(form).toEqual({ style: 'form', explode: true });
    expect(pairs(queryPairs('status', ['available', 'sold'], form))).toEqual(['status=available', 'status=sold']);
    expect(pairs(queryPairs('point', { x: 1, y: true }, form))).toEqual(['x=1', 'y=true']);
    expect(pairs(queryPairs('limit', 5, form))).toEqual(['limit=5']);
    expect(pairs(queryPairs('name', 'Ada', form))).toEqual(['name=Ada']);
  });

  it('writes form without explode, spaceDelimited and pipeDelimited as one delimited value', () => {
    expect(pairs(queryPairs('id', [3, 4], serializationOf({ in: 'query', explode: false })))).toEqual(['id=3,4']);
    expect(pairs(queryPairs('point', { x: 1, y: 2 }, serializationOf({ in: 'query', explode: false })))).toEqual(['point=x,1,y,2']);
    expect(pairs(queryPairs('id', [3, 4], serializationOf({ in: 'query', style: 'spaceDelimited' })))).toEqual(['id=3 4']);
    expect(pairs(queryPairs('id', [3, 4], serializationOf({ in: 'query', style: 'pipeDelimited' })))).toEqual(['id=3|4']);
    expect(pairs(queryPairs('id', [3, 4], serializationOf({ in: 'query', style: 'pipeDelimited', explode: true })))).toEqual(['id=3', 'id=4']);
  });

  it('writes deepObject and brackets with square brackets, nested too', () => {
    const deep = serializationOf({ in: 'query', style: 'deepObject', explode: true });
    expect(pairs(queryPairs('filter', { name: 'Ada', role: { admin: false } }, deep))).toEqual(['filter[name]=Ada', 'filter[role][admin]=false']);
    const brackets = serializationOf({ in: 'query', style: 'brackets' });
    expect(pairs(queryPairs('tags', ['a', 'b'], brackets))).toEqual(['tags[]=a', 'tags[]=b']);
    expect(pairs(queryPairs('filter', { tags: ['x'] }, brackets))).toEqual(['filter[tags][]=x']);
    expect(queryRowName('tags', brackets, true)).toBe('tags[]');
    expect(queryRowName('tags', form, true)).toBe('tags');
    expect(queryParameterName('tags[]')).toBe('tags');
    expect(queryParameterName('filter[role][admin]')).toBe('filter');
    expect(queryParameterName('page')).toBe('page');
  });
});

describe('path parameters by style and explode', () => {
  const simple = serializationOf({ in: 'path' });
  it('defaults to simple: comma-separated items, key,value pairs, key=value when exploded', () => {
    expect(simple).toEqual({ style: 'simple', explode: false });
    expect(pathText('id', 5, simple)).toBe('5');
    expect(pathText('id', [3, 4, 5], simple)).toBe('3,4,5');
    expect(pathText('id', { role: 'admin', n: 5 }, simple)).toBe('role,admin,n,5');
    expect(pathText('id', { role: 'admin', n: 5 }, serializationOf({ in: 'path', explode: true }))).toBe('role=admin,n=5');
  });

  it('writes label with dots and matrix with semicolons', () => {
    expect(pathText('id', [3, 4], serializationOf({ in: 'path', style: 'label' }))).toBe('.3,4');
    expect(pathText('id', [3, 4], serializationOf({ in: 'path', style: 'label', explode: true }))).toBe('.3.4');
    expect(pathText('id', 5, serializationOf({ in: 'path', style: 'matrix' }))).toBe(';id=5');
    expect(pathText('id', [3, 4], serializationOf({ in: 'path', style: 'matrix' }))).toBe(';id=3,4');
    expect(pathText('id', [3, 4], serializationOf({ in: 'path', style: 'matrix', explode: true }))).toBe(';id=3;id=4');
    expect(pathText('id', { a: 1 }, serializationOf({ in: 'path', style: 'matrix', explode: true }))).toBe(';a=1');
  });
});
