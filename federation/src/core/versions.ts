import { checkSharing, type Finding, type SharedRequirement } from '@usedcars/federation/sharing';

interface SharedEntry {
  version?: string;
  from?: string;
}

/** The part of a federation runtime instance this reads: its name and the packages it shares. */
export interface HostInstance {
  options: { name: string; shared?: Record<string, SharedEntry[]> };
}

/** The versions of the shared packages a federation host provides, as its build declared them. */
export function providedVersions(instance: HostInstance | null | undefined): Record<string, string> {
  const versions: Record<string, string> = {};
  for (const [name, entries] of Object.entries(instance?.options.shared ?? {})) {
    const own = entries.find((entry) => entry.from === instance?.options.name) ?? entries[0];
    if (own?.version) versions[name] = own.version;
  }
  return versions;
}

/** `side` 'server' judges only what the host provides: browser-only packages are not the render server's business. */
export function versionCheck(
  shared: readonly SharedRequirement[] | undefined,
  provided: Readonly<Record<string, string>>,
  side: 'browser' | 'server',
): { findings: Finding[]; refused: Finding[] } {
  return checkSharing(shared, provided, { providedOnly: side === 'server' });
}
