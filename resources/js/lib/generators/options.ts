// Generator option rules (spec §5): multipleOf is an integer greater than 0, max is not below min.
// Anything else a caller can get wrong (a count or length that is not a positive integer, a bound
// that is not a finite number) is rejected the same way, naming the option and the value.
import { GeneratorOptionError } from './option-error';
import type { GeneratorConfig } from './types';

const isPositiveInteger = (value: number) => Number.isInteger(value) && value > 0;

export function validateGeneratorConfig(config: GeneratorConfig = {}): void {
  const { min, max, multipleOf, count, length, fractionDigits } = config;
  if (min !== undefined && !Number.isFinite(min)) throw new GeneratorOptionError('min', min, 'must be a finite number');
  if (max !== undefined && !Number.isFinite(max)) throw new GeneratorOptionError('max', max, 'must be a finite number');
  if (multipleOf !== undefined && !isPositiveInteger(multipleOf)) {
    throw new GeneratorOptionError('multipleOf', multipleOf, 'must be an integer greater than 0');
  }
  if (min !== undefined && max !== undefined && max < min) {
    throw new GeneratorOptionError('max', max, `must not be below min ${min}`);
  }
  if (count !== undefined && !isPositiveInteger(count)) throw new GeneratorOptionError('count', count, 'must be an integer greater than 0');
  if (length !== undefined && !isPositiveInteger(length)) throw new GeneratorOptionError('length', length, 'must be an integer greater than 0');
  if (fractionDigits !== undefined && !(Number.isInteger(fractionDigits) && fractionDigits >= 0 && fractionDigits <= 20)) {
    throw new GeneratorOptionError('fractionDigits', fractionDigits, 'must be an integer from 0 to 20');
  }
}

export interface Range {
  min: number;
  max: number;
}

/**
 * The range a numeric generator draws from. A bound given alone moves the other one along, keeping
 * the default width, so `{ min: 5000 }` on a 1–1000 generator means 5000–5999 rather than an error.
 */
export function resolveRange(config: GeneratorConfig, defaults: Range): Range {
  const width = defaults.max - defaults.min;
  if (config.min !== undefined && config.max !== undefined) return { min: config.min, max: config.max };
  if (config.min !== undefined) return { min: config.min, max: Math.max(defaults.max, config.min + width) };
  if (config.max !== undefined) return { min: Math.min(defaults.min, config.max - width), max: config.max };
  return defaults;
}

/** Integer range a multiple of `multipleOf` must fall in; throws when it holds no such multiple. */
export function wholeRange(range: Range, multipleOf = 1): Range {
  const min = Math.ceil(range.min / multipleOf) * multipleOf;
  const max = Math.floor(range.max / multipleOf) * multipleOf;
  if (max < min) {
    throw new GeneratorOptionError(
      'multipleOf',
      multipleOf,
      `no multiple of ${multipleOf} lies between min ${range.min} and max ${range.max}`,
    );
  }
  return { min, max };
}
