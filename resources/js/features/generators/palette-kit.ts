// The palette's own generator kit, loaded once (faker arrives in its own chunk); a failed download
// is retried on the next selection.
import { loadGeneratorKit } from '../../lib/generators/kit';
import { loadOnce } from '../../lib/idle';

export const paletteKit = loadOnce(loadGeneratorKit);
