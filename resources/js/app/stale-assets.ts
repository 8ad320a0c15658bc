// The host publishes the bundle; when its version differs from the bundle's, the assets are stale.
import type { KiteConfig } from '../../../protocol/types';

export function staleAssetsMessage(config: Pick<KiteConfig, 'version' | 'publishCommand'>, bundleVersion: string): string | null {
  if (!config.version || config.version === bundleVersion) return null;
  const command = config.publishCommand ?? 'php artisan kite:publish';
  return `Kite's published assets are stale: the host runs version ${config.version} but the page loaded bundle ${bundleVersion}. Run \`${command}\` to refresh them.`;
}
