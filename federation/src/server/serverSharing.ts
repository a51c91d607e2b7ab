import { getInstance } from '@module-federation/enhanced/runtime';
import type { RemoteManifest } from '../core/manifest';
import { providedVersions, versionCheck } from '../core/versions';

/**
 * A server build that needs a singleton of a major this server does not have would be handed the
 * server's copy anyway and fail while rendering: it is not loaded, and its pages are rendered in
 * the browser (docs/sharing-and-releases.md).
 */
export function serverSharingProblems(manifest: RemoteManifest, provided: Record<string, string> = providedVersions(getInstance())): string[] {
  return versionCheck(manifest.shared, provided, 'server').refused.map((finding) => finding.message);
}
