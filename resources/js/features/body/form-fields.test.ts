import { describe, expect, it } from 'vitest';
import { formFieldsFor } from './form-fields';

describe('nested values as form fields', () => {
  it('sends a scalar as one field', () => {
    expect(formFieldsFor('name', 'Ada')).toEqual([['name', 'Ada']]);
    expect(formFieldsFor('age', 36)).toEqual([['age', '36']]);
  });

  it('sends booleans as 1 and 0 and null as empty text', () => {
    expect(formFieldsFor('is_admin', true)).toEqual([['is_admin', '1']]);
    expect(formFieldsFor('is_admin', false)).toEqual([['is_admin', '0']]);
    expect(formFieldsFor('nickname', null)).toEqual([['nickname', '']]);
  });

  it('sends an array of scalars as repeated name[] fields', () => {
    expect(formFieldsFor('tags', ['a', 'b'])).toEqual([
      ['tags[]', 'a'],
      ['tags[]', 'b'],
    ]);
  });

  it('sends objects and arrays of objects with bracketed keys and indexes', () => {
    expect(formFieldsFor('address', { city: 'Paris', geo: { lat: 1 } })).toEqual([
      ['address[city]', 'Paris'],
      ['address[geo][lat]', '1'],
    ]);
    expect(formFieldsFor('items', [{ name: 'x' }, { name: 'y' }])).toEqual([
      ['items[0][name]', 'x'],
      ['items[1][name]', 'y'],
    ]);
  });

  it('sends nothing for an empty array or object', () => {
    expect(formFieldsFor('tags', [])).toEqual([]);
    expect(formFieldsFor('meta', {})).toEqual([]);
  });
});
