// The kit auto-fill draws from: the generator kit (faker, lazily loaded) and the pattern sampler
// (randexp), both in chunks of their own that load on the first Auto-fill.
import { loadGeneratorKit } from '../../lib/generators/kit';
import type { AutofillKit } from './autofill';

export async function loadAutofillKit(): Promise<AutofillKit> {
  const [kit, sampler] = await Promise.all([loadGeneratorKit(), import('./pattern-sampler')]);
  return {
    generate: (id, config) => kit.generate(id as Parameters<typeof kit.generate>[0], config),
    valueForField: (name, schema) => kit.valueForField(name, schema),
    seed: (n) => kit.seed(n),
    samplePattern: sampler.samplePattern,
  };
}
