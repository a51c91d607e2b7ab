import type { DehydratedState } from '@tanstack/react-query';
import type { RuntimeConfig } from '@usedcars/federation/config';
import type { SessionViewer } from '@usedcars/shared-contract';
import type { RemoteManifest } from '../core/manifest';

/** What the page starts from instead of requesting it again (docs/architecture.md, "Server rendering"); a JSON block, never run. */
export interface BootData {
  config: RuntimeConfig;
  remotes: Record<string, string>;
  /** The manifests of the remotes the first screen uses, as far as the page needs them. */
  manifests: Record<string, RemoteManifest>;
  /** The rendered screens the page leaves as they are (the registry's staticMarkup): their code is not fetched. */
  staticMarkup?: string[];
  queries?: DehydratedState;
  /** The account the page was rendered for (its session cookie's): the page hydrates signed in as it. */
  viewer?: SessionViewer;
}

export const BOOT_DATA_ID = 'usedcars-boot';
/** Marks a #root whose HTML the render server rendered: the page hydrates it instead of rendering anew. */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';

/** JSON that is safe inside an HTML element: no `<` can close the block or open a comment. */
export function serializeBootData(data: BootData): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The page's boot data, or null when the page was not rendered by the server (npm run dev, a fallback). */
export function readBootData(doc: Document = document): BootData | null {
  const element = doc.getElementById(BOOT_DATA_ID);
  try {
    return element?.textContent ? (JSON.parse(element.textContent) as BootData) : null;
  } catch (error) {
    console.error('[federation] the server-rendered page carried unreadable boot data', error);
    return null;
  }
}
