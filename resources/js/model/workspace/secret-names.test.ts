import { describe, expect, it } from 'vitest';
import list from '../../../../protocol/secret-names.json';
import { isSecretName } from './secret-names';

describe('isSecretName', () => {
  // The same examples the Laravel host's tests/php/Unit/SecretsTest.php checks.
  it.each(list.examples.secret)('%s looks secret', (name) => {
    expect(isSecretName(name)).toBe(true);
  });

  it.each(list.examples.notSecret)('"%s" does not look secret', (name) => {
    expect(isSecretName(name)).toBe(false);
  });
});
