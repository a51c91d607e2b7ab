import type { DehydratedState } from '@tanstack/react-query';
import type { RuntimeConfig } from '@usedcars/shared-auth';
import type { RemoteManifest } from '../federation/remotes';

/**
 * What the render server hands the page beside its HTML (docs/architecture.md, "Server
 * rendering"): the settings and remote addresses it drew with, so the page starts from the very
 * same ones without asking for config.json, remotes.json and each manifest again, and the API
 * answers it drew (react-query's dehydrated cache), so the page shows the same data at once.
 *
 * It travels as a JSON data block (<script type="application/json">), which the browser never
 * runs: the content security policy allows no inline script.
 */
export interface BootData {
  config: RuntimeConfig;
  remotes: Record<string, string>;
  /** The manifests of the remotes the first screen uses, as far as the page needs them. */
  manifests: Record<string, RemoteManifest>;
  queries?: DehydratedState;
}

export const BOOT_DATA_ID = 'usedcars-boot';
/** Marks a #root whose HTML the render server drew: the page takes it over instead of drawing anew. */
export const SERVER_DRAWN_ATTRIBUTE = 'data-server-rendered';

/** JSON that is safe inside an HTML element: no `<` can close the block or open a comment. */
export function serializeBootData(data: BootData): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

let boot: BootData | null | undefined;

/** The page's boot data, or null when the page was not drawn by the server (npm run dev, a fallback). */
export function readBootData(doc: Document = document): BootData | null {
  if (boot !== undefined) return boot;
  const element = doc.getElementById(BOOT_DATA_ID);
  try {
    boot = element?.textContent ? (JSON.parse(element.textContent) as BootData) : null;
  } catch (error) {
    console.error('[shell] the server-drawn page carried unreadable boot data', error);
    boot = null;
  }
  return boot;
}

/** The API answers the server drew with, handed over once (to the page's QueryClient). */
export function takeBootQueries(): DehydratedState | undefined {
  const queries = boot?.queries;
  if (boot) boot = { ...boot, queries: undefined };
  return queries;
}
