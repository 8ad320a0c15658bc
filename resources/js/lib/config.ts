// The page config the host injects as `window.Kite` before the bundle (see protocol/types.ts).
import type { KiteConfig, KiteLinks, SidebarConfig } from '../../../protocol/types';

declare global {
  interface Window {
    Kite?: Partial<KiteConfig>;
  }
}

declare const __KITE_VERSION__: string;

/** The bundle's own version, stamped in by build.mjs. */
export const BUNDLE_VERSION: string = typeof __KITE_VERSION__ === 'string' ? __KITE_VERSION__ : '0.0.0-dev';

export const DEFAULT_LINKS: KiteLinks = {
  documentation: 'https://github.com/kite-http/kite#readme',
  github: 'https://github.com/kite-http/kite',
};

/** Drops a trailing slash so paths can be joined with `/`. */
export function trimTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.replace(/\/+$/, '') : path === '/' ? '' : path;
}

/** Reads the page config with every field defaulted; a missing object or key never throws. */
export function readKiteConfig(source: Partial<KiteConfig> | undefined = globalThis.window?.Kite): KiteConfig {
  const raw = source && typeof source === 'object' ? source : {};
  const basePath = typeof raw.basePath === 'string' ? trimTrailingSlash(raw.basePath) : '';
  return {
    basePath,
    assetsUrl: typeof raw.assetsUrl === 'string' ? trimTrailingSlash(raw.assetsUrl) : '/vendor/kite',
    apiUrl: typeof raw.apiUrl === 'string' ? trimTrailingSlash(raw.apiUrl) : `${basePath}/api`,
    version: typeof raw.version === 'string' ? raw.version : BUNDLE_VERSION,
    publishCommand: raw.publishCommand,
    links: { ...DEFAULT_LINKS, ...(raw.links ?? {}) },
    applications: Array.isArray(raw.applications) ? raw.applications : [],
    globalHeaders: Array.isArray(raw.globalHeaders) ? raw.globalHeaders : [],
    host: raw.host,
    dataPickers: typeof raw.dataPickers === 'boolean' ? raw.dataPickers : undefined,
    sidebar: readSidebarConfig(raw.sidebar),
  };
}

const SIDEBAR_CHOICES = {
  variant: ['sidebar', 'floating', 'inset'],
  side: ['left', 'right'],
  collapsible: ['icon', 'offcanvas', 'none'],
} as const;

/** Keeps only the sidebar options the app knows; anything else falls back to the default. */
function readSidebarConfig(raw: unknown): Required<SidebarConfig> {
  const source = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const pick = <K extends keyof typeof SIDEBAR_CHOICES>(key: K): (typeof SIDEBAR_CHOICES)[K][number] => {
    const choices: readonly string[] = SIDEBAR_CHOICES[key];
    return (choices.includes(source[key] as string) ? source[key] : choices[0]) as (typeof SIDEBAR_CHOICES)[K][number];
  };
  return { variant: pick('variant'), side: pick('side'), collapsible: pick('collapsible') };
}

export const kiteConfig: KiteConfig = readKiteConfig();
