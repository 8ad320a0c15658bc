// Two generator kits, loaded on first use: one that auto-fill seeds, one for values generated at
// send time (generator-valued global headers), so seeding one never repeats the other's values.
// A failed chunk download is tried again on the next use.
// The generators' code is a chunk of its own too (it is not needed to show the screen).
import type { GeneratorKit } from '../../lib/generators/kit';
import { loadOnce } from '../../lib/idle';

const loadKit = () => import('../../lib/generators/kit').then((kit) => kit.loadGeneratorKit());
export const autofillKit = loadOnce(() => import('./autofill-kit').then((kit) => kit.loadAutofillKit()));
export const sendKit = loadOnce(loadKit);

/** Generates one value by generator id with the send-time kit. */
export async function generateValue(id: string): Promise<string> {
  const kit = await sendKit();
  return kit.generate(id as Parameters<GeneratorKit['generate']>[0]);
}
