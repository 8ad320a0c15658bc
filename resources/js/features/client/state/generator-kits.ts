// Two generator kits, loaded on first use: one that auto-fill seeds, one for values generated at
// send time (generator-valued global headers), so seeding one never repeats the other's values.
import { type GeneratorKit, loadGeneratorKit } from '../../../lib/generators/kit';

let autofillKitPromise: Promise<GeneratorKit> | undefined;
let sendKitPromise: Promise<GeneratorKit> | undefined;

function retrying(load: () => Promise<GeneratorKit>, reset: () => void): Promise<GeneratorKit> {
  return load().catch((error: unknown) => {
    reset(); // a failed chunk download is tried again next time
    throw error;
  });
}

export function autofillKit(): Promise<GeneratorKit> {
  autofillKitPromise ??= retrying(loadGeneratorKit, () => (autofillKitPromise = undefined));
  return autofillKitPromise;
}

export function sendKit(): Promise<GeneratorKit> {
  sendKitPromise ??= retrying(loadGeneratorKit, () => (sendKitPromise = undefined));
  return sendKitPromise;
}

/** Generates one value by generator id with the send-time kit. */
export async function generateValue(id: string): Promise<string> {
  const kit = await sendKit();
  return kit.generate(id as Parameters<GeneratorKit['generate']>[0]);
}
