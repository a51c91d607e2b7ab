import { PAGE_TOKEN_ALLOWANCE, allowanceOf, type PageAllowance } from '@usedcars/shared-contract/page-token';
import type { PageEvent } from '@usedcars/shared-contract/telemetry';

const HOUR = 60 * 60_000;
/** Network, release and hour triples tracked at once per API copy at most: past it an event of a new one is dropped, never memory grown. */
const MAX_TRACKED = 200_000;

/**
 * One network, one voice (docs/releases.md, "What is trusted and why"): whatever page tokens a
 * network holds, its reports of one release count at most one visitor's worth (one token's
 * allowance) per hour in this API copy. The database caps the counts the verdict reads across
 * copies too (network-counts.ts).
 */
export class NetworkUses {
  private used = new Map<string, Partial<Record<PageAllowance, number>>>();
  private hour = 0;

  constructor(
    private readonly clock: () => Date,
    private readonly maxTracked = MAX_TRACKED,
  ) {}

  /** Counts one event against its network's allowance: null when it counts, else why not. */
  take(network: string, event: PageEvent): 'network_used_up' | 'full' | null {
    const hour = Math.floor(this.clock().getTime() / HOUR);
    if (hour !== this.hour) {
      this.hour = hour;
      this.used = new Map();
    }
    const key = `${network}|${event.remote}|${event.release}`;
    let use = this.used.get(key);
    if (!use) {
      if (this.used.size >= this.maxTracked) return 'full';
      use = {};
      this.used.set(key, use);
    }
    const allowance = allowanceOf(event);
    const count = use[allowance] ?? 0;
    if (count >= PAGE_TOKEN_ALLOWANCE[allowance]) return 'network_used_up';
    use[allowance] = count + 1;
    return null;
  }
}
