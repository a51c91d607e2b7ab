import { registryVersionOf } from '@usedcars/federation/server';
import { pageTokenKey, signPageToken } from '@usedcars/shared-contract/telemetry-token';
import type { Remotes } from '../releases/releaseSet';

/** Pages sent with a token naming one release of one remote, since the last report. */
export interface ServedCount {
  remote: string;
  release: string;
  count: number;
}

/**
 * Signs each page response's telemetry token (docs/releases.md, "What is trusted and why"): the
 * release of every remote the page was served with, the visitor's bucket, an expiry and a nonce.
 * It goes in the response's Server-Timing header, not the HTML, so a page from the page cache
 * still gets a token of its own. Counts the tokens per release for the render counts it reports.
 */
export class PageTokens {
  private readonly key: Buffer;
  private served = new Map<string, ServedCount>();

  constructor(
    secret: string,
    /** A baseline-set remote's release as last read from its manifest (the registry's version names the others). */
    private readonly baselineSetRelease: (remote: string) => string | undefined,
    private readonly now: () => number = Date.now,
  ) {
    this.key = pageTokenKey(secret);
  }

  /**
   * A token for one page served with these remotes (and the shell's build, unless `shell` is false);
   * a remote whose release is not known yet is left out (its events are not counted).
   */
  issue(remotes: Remotes, bucket: number, shell = true): string {
    const releases: Record<string, string> = {};
    const baselineSet: string[] = [];
    for (const [remote, manifestUrl] of Object.entries({ ...(shell ? { shell: undefined } : {}), ...remotes })) {
      const registered = registryVersionOf(manifestUrl, remote);
      const release = registered ?? this.baselineSetRelease(remote);
      if (!release || release === 'unknown') continue;
      releases[remote] = release;
      if (!registered) baselineSet.push(remote);
      const key = `${remote}|${release}`;
      const entry = this.served.get(key) ?? { remote, release, count: 0 };
      entry.count += 1;
      this.served.set(key, entry);
    }
    return signPageToken(this.key, { releases, baselineSet, bucket }, Math.floor(this.now() / 1000));
  }

  /** The counts since the last call, for the API (telemetryReporter.ts). */
  takeServed(): ServedCount[] {
    const counts = [...this.served.values()];
    this.served = new Map();
    return counts;
  }
}
