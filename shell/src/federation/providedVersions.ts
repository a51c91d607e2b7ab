import { getInstance } from '@module-federation/enhanced/runtime';

/**
 * The versions of the shared packages this federation host provides, as its build declared them:
 * what the page (in the browser) or the render server (on the server) judges a remote's needs
 * against (docs/sharing-and-releases.md).
 */
export function providedVersions(): Record<string, string> {
  const instance = getInstance();
  const versions: Record<string, string> = {};
  for (const [name, entries] of Object.entries(instance?.options.shared ?? {})) {
    const own = entries.find((entry) => entry.from === instance?.options.name) ?? entries[0];
    if (own?.version) versions[name] = own.version;
  }
  return versions;
}
