import { getInstance } from '@module-federation/enhanced/runtime';
import type { RemoteManifest } from '../core/manifest';
import { providedVersions, versionCheck } from '../core/versions';

/** A build needing a singleton of another major would fail mid-render: not loaded (docs/sharing-and-releases.md). */
export function serverSharingProblems(manifest: RemoteManifest, provided: Record<string, string> = providedVersions(getInstance())): string[] {
  return versionCheck(manifest.shared, provided, 'server').refused.map((finding) => finding.message);
}
