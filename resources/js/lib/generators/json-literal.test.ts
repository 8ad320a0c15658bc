import { describe, expect, it } from 'vitest';
import { generatedJsonLiteral } from './json-literal';

describe('a generated value as JSON', () => {
  it('writes numbers and booleans bare and every other value as a JSON string', () => {
    expect(generatedJsonLiteral('42', 'int')).toBe('42');
    expect(generatedJsonLiteral('3.14', 'float')).toBe('3.14');
    expect(generatedJsonLiteral('12345678901234567890', 'bigint')).toBe('12345678901234567890');
    expect(generatedJsonLiteral('false', 'boolean-as-string')).toBe('false');
    expect(generatedJsonLiteral('Clyde73@gmail.com', 'email')).toBe('"Clyde73@gmail.com"');
    expect(generatedJsonLiteral('02134', 'zip-code')).toBe('"02134"');
    expect(generatedJsonLiteral('say "hi"', 'sentence')).toBe('"say \\"hi\\""');
    expect(generatedJsonLiteral('42', undefined)).toBe('"42"');
  });
});
