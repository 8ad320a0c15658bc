// The error a generator raises for a bad option: it names the option and the value it was given.
import type { GeneratorOption } from './types';

export class GeneratorOptionError extends Error {
  readonly option: GeneratorOption;
  readonly value: unknown;

  constructor(option: GeneratorOption, value: unknown, rule: string) {
    super(`Invalid generator option ${option}: ${String(value)} (${rule})`);
    this.name = 'GeneratorOptionError';
    this.option = option;
    this.value = value;
  }
}
