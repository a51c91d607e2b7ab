import type { DehydratedState } from '@tanstack/react-query';
import type { RuntimeConfig } from '@usedcars/federation/config';
import type { SessionViewer } from '@usedcars/shared-contract';
import type { RemoteManifest } from '../core/manifest';

/** What the page starts from instead of requesting it again (docs/architecture.md, "Server rendering"); a JSON block, never run. */
export interface BootData {
  config: RuntimeConfig;
  remotes: Record<string, string>;
  manifests: Record<string, RemoteManifest>;
  staticMarkup?: string[];
  queries?: DehydratedState;
  viewer?: SessionViewer;
}

export const BOOT_DATA_ID = 'usedcars-boot';
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';

/** No `<`: nothing can close the block or open a comment (the boot data, or another JSON block of the page). */
export function serializeBootData(data: BootData | object): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function readBootData(doc: Document = document): BootData | null {
  const element = doc.getElementById(BOOT_DATA_ID);
  try {
    return element?.textContent ? (JSON.parse(element.textContent) as BootData) : null;
  } catch (error) {
    console.error('[federation] the server-rendered page carried unreadable boot data', error);
    return null;
  }
}
