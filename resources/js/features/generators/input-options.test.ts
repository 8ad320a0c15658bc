import { describe, expect, it } from 'vitest';
import { generatorMeta } from '../../lib/generators/catalog';
import { generatorConfigFromInput } from './input-options';

function input(attrs: Record<string, string>) {
  const el = document.createElement('input');
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

describe('options from the focused input', () => {
  it('min, max and step of a number input become min, max and multipleOf of the integer generator', () => {
    expect(generatorConfigFromInput(input({ type: 'number', min: '10', max: '20', step: '5' }), generatorMeta('int')!)).toEqual({ min: 10, max: 20, multipleOf: 5 });
  });

  it('a generator that takes no such option ignores them', () => {
    expect(generatorConfigFromInput(input({ min: '10', max: '1' }), generatorMeta('uuid')!)).toBeUndefined();
    expect(generatorConfigFromInput(input({ step: '0.5' }), generatorMeta('float')!)).toBeUndefined();
  });

  it('passes contradictory bounds through so the generator can report them', () => {
    expect(generatorConfigFromInput(input({ min: '10', max: '1' }), generatorMeta('int')!)).toEqual({ min: 10, max: 1 });
  });

  it('no input, a textarea, or step any give no options', () => {
    expect(generatorConfigFromInput(null, generatorMeta('int')!)).toBeUndefined();
    expect(generatorConfigFromInput(document.createElement('textarea'), generatorMeta('int')!)).toBeUndefined();
    expect(generatorConfigFromInput(input({ step: 'any' }), generatorMeta('int')!)).toBeUndefined();
  });
});
