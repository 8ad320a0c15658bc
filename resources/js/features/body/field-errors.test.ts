import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../../../protocol/types';
import { dottedToJsonPath, fieldMessage, formNameToDotted, jsonFieldProblems, rowProblems, rulesAt, validationErrorsOf, valueAtDotted } from './field-errors';

const schema: JsonSchema = {
  type: 'object',
  properties: {
    email: { type: 'string', 'x-rules': ['required', 'email'] },
    items: { type: 'array', items: { type: 'object', properties: { name: { type: 'string', 'x-rules': ['required', 'string'] } } } },
  },
};

describe('validation answers', () => {
  it('reads Laravel’s errors and ignores other bodies', () => {
    expect(validationErrorsOf('{"message":"x","errors":{"email":["The email field is required."],"a.0":"one"}}')).toEqual({
      email: ['The email field is required.'],
      'a.0': ['one'],
    });
    expect(validationErrorsOf('{"message":"Server Error"}')).toBeNull();
    expect(validationErrorsOf('<html>')).toBeNull();
    expect(validationErrorsOf('{"errors":[]}')).toBeNull();
  });

  it('maps dotted paths and form names', () => {
    expect(dottedToJsonPath('items.0.name')).toBe('$.items[0].name');
    expect(dottedToJsonPath('odd key.x')).toBe('$["odd key"].x');
    expect(formNameToDotted('items[0][name]')).toBe('items.0.name');
    expect(formNameToDotted('tags[]')).toBe('tags');
    expect(valueAtDotted({ items: [{ name: 'a' }] }, 'items.0.name')).toBe('a');
    expect(valueAtDotted({ items: [] }, 'items.0.name')).toBeUndefined();
  });

  it('names the field’s rules where the schema has them', () => {
    expect(rulesAt(schema, 'items.3.name')).toEqual(['required', 'string']);
    expect(rulesAt(schema, 'missing')).toBeUndefined();
    expect(fieldMessage(['Bad.', 'Worse.'], ['required', 'email'])).toBe('Bad. Worse. (rule: required|email)');
    expect(fieldMessage(['Bad.'], undefined)).toBe('Bad.');
  });
});

describe('JSON body problems', () => {
  const sent = '{\n  "email": "nope",\n  "items": [{ "name": "" }]\n}';
  const errors = { email: ['Must be an email.'], 'items.0.name': ['Required.'], password: ['The password field is required.'] };

  it('places each message at its value, an absent field at the top level', () => {
    const problems = jsonFieldProblems(errors, sent, sent, schema);
    const email = problems.find((problem) => problem.field === 'email')!;
    expect(sent.slice(email.from, email.to)).toBe('"nope"');
    expect(email.message).toBe('Must be an email. (rule: required|email)');
    const name = problems.find((problem) => problem.field === 'items.0.name')!;
    expect(sent.slice(name.from, name.to)).toBe('""');
    expect(problems.find((problem) => problem.field === 'password')).toMatchObject({ placed: false, from: 0, to: 1 });
  });

  it('clears a message when its field is edited, added or the text does not parse', () => {
    const edited = sent.replace('"nope"', '"a@b.c"').replace('"items"', '"password": "x", "items"');
    expect(jsonFieldProblems(errors, sent, edited).map((problem) => problem.field)).toEqual(['items.0.name']);
    expect(jsonFieldProblems(errors, sent, '{"email": ')).toEqual([]);
  });
});

describe('row problems', () => {
  const rows = [
    { id: 'a', enabled: true, name: 'email', value: 'x' },
    { id: 'b', enabled: true, name: 'items[0][name]', value: '' },
    { id: 'c', enabled: true, name: 'other', value: '1' },
  ];
  const errors = { email: ['Must be an email.'], 'items.0.name': ['Required.'] };

  it('marks the rows as sent, not once edited', () => {
    expect(rowProblems(errors, rows, rows, schema)).toEqual({ a: 'Must be an email. (rule: required|email)', b: 'Required. (rule: required|string)' });
    const edited = rows.map((row) => (row.id === 'a' ? { ...row, value: 'y' } : row));
    expect(Object.keys(rowProblems(errors, rows, edited))).toEqual(['b']);
  });
});
