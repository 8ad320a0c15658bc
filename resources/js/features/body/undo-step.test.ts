import { describe, expect, it } from 'vitest';
import { defaultRequestState, emptyRow } from '../../model/request/request-state';
import { replacesTypedInput, stillApplied, undoStep } from './undo-step';

const typed = { ...defaultRequestState(), method: 'POST' as const, bodyType: 'json' as const, jsonBody: '{"mine":true}' };

describe('undoing an auto-fill', () => {
  it('brings back exactly the fields it replaced', () => {
    const step = undoStep(typed, { jsonBody: '{"generated":1}', autofillSeed: 7 });
    expect(step.before).toEqual({ jsonBody: '{"mine":true}', autofillSeed: null });
  });

  it('is offered only while nothing it filled was edited since', () => {
    const step = undoStep(typed, { jsonBody: '{"generated":1}' });
    expect(stillApplied(step, { ...typed, jsonBody: '{"generated":1}', url: '/other' })).toBe(true);
    expect(stillApplied(step, { ...typed, jsonBody: '{"generated":2}' })).toBe(false);
  });

  it('tells when it replaced what the user typed', () => {
    expect(replacesTypedInput(typed, { jsonBody: '{}' })).toBe(true);
    expect(replacesTypedInput({ ...typed, jsonBody: ' ' }, { jsonBody: '{}' })).toBe(false);
    expect(replacesTypedInput({ ...typed, query: [emptyRow('page', '')] }, { query: [] })).toBe(false);
    expect(replacesTypedInput({ ...typed, query: [emptyRow('search', 'ada')] }, { query: [] })).toBe(true);
  });
});
