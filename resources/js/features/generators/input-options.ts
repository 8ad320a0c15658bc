// A focused input can narrow a generator through its own attributes: `min`, `max` and `step` of
// a number input become the options min, max and multipleOf of the numeric generators. A value
// input for a schema with bounds therefore gets values within them, and a contradictory pair
// (max below min) is reported as an option error instead of silently ignored.
import type { GeneratorConfig, GeneratorMeta } from '../../lib/generators/types';
import type { ValueInputElement } from '../../lib/palette-command';

function numericAttribute(input: Element, name: string): number | undefined {
  const raw = input.getAttribute(name);
  if (raw === null || raw.trim() === '' || raw === 'any') return undefined;
  return Number(raw);
}

export function generatorConfigFromInput(input: ValueInputElement | null, generator: GeneratorMeta): GeneratorConfig | undefined {
  if (!input || !(input instanceof HTMLInputElement)) return undefined;
  const config: GeneratorConfig = {};
  if (generator.options.includes('min')) {
    const min = numericAttribute(input, 'min');
    if (min !== undefined) config.min = min;
  }
  if (generator.options.includes('max')) {
    const max = numericAttribute(input, 'max');
    if (max !== undefined) config.max = max;
  }
  if (generator.options.includes('multipleOf')) {
    const step = numericAttribute(input, 'step');
    if (step !== undefined && step !== 1) config.multipleOf = step;
  }
  return Object.keys(config).length > 0 ? config : undefined;
}
