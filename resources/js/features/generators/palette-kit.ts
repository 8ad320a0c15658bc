// The palette's own generator kit, loaded once (faker arrives in its own chunk).
import { loadGeneratorKit, type GeneratorKit } from '../../lib/generators/kit';

let kit: Promise<GeneratorKit> | undefined;

export function paletteKit(): Promise<GeneratorKit> {
  kit ??= loadGeneratorKit().catch((error: unknown) => {
    kit = undefined; // a failed download is retried on the next selection
    throw error;
  });
  return kit;
}
