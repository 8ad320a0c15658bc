// Two generator kits, loaded on first use: one that auto-fill seeds, one for values generated at
// send time (generator-valued global headers), so seeding one never repeats the other's values.
// A failed chunk download is tried again on the next use.
import { type GeneratorKit, loadGeneratorKit } from '../../../lib/generators/kit';
import { loadOnce } from '../../../lib/idle';
import { loadAutofillKit } from '../body/autofill-kit';

export const autofillKit = loadOnce(loadAutofillKit);
export const sendKit = loadOnce(loadGeneratorKit);

/** Generates one value by generator id with the send-time kit. */
export async function generateValue(id: string): Promise<string> {
  const kit = await sendKit();
  return kit.generate(id as Parameters<GeneratorKit['generate']>[0]);
}
