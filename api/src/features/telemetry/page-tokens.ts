import { PAGE_TOKEN_ALLOWANCE, allowanceOf, type PageAllowance } from '@usedcars/shared-contract/page-token';
import type { PageEvent } from '@usedcars/shared-contract/telemetry';
import { type PageTokenClaims, pageTokenKey, readPageToken } from '@usedcars/shared-contract/telemetry-token';

/** Why an event was not counted: the label of telemetry_events_dropped_total (docs/operations.md, "Metrics"). */
export type DropReason = 'no_token' | 'bad_token' | 'expired' | 'not_in_token' | 'unregistered' | 'used_up' | 'no_network' | 'full';

interface Use {
  expiresAt: number;
  used: Partial<Record<PageAllowance, number>>;
}

/** Tokens tracked at once per API instance at most: past it a new token's events are dropped, never memory grown. */
const MAX_TOKENS = 200_000;
const SWEEP_MS = 60_000;

/**
 * The page tokens render servers sign (docs/releases.md, "What is trusted and why"): which are
 * valid, and how much of its allowance each has used in this API instance, until it expires.
 */
export class PageTokenUses {
  private readonly key: Buffer | null;
  private uses = new Map<string, Use>();
  private lastSweep = 0;

  constructor(
    /** TELEMETRY_TOKEN, from which the render servers derive the same key; without it no page token is valid. */
    secret: string | undefined,
    private readonly clock: () => Date,
    private readonly maxTokens = MAX_TOKENS,
  ) {
    this.key = secret ? pageTokenKey(secret) : null;
  }

  /** The token's claims, or why its events are dropped. */
  read(token: string | undefined): { claims: PageTokenClaims } | { problem: DropReason } {
    if (!token) return { problem: 'no_token' };
    if (!this.key) return { problem: 'bad_token' };
    return readPageToken(this.key, token, Math.floor(this.clock().getTime() / 1000));
  }

  /** Counts one event against its token's allowance: null when it counts, else why not. */
  take(claims: PageTokenClaims, event: PageEvent): DropReason | null {
    this.sweep();
    let use = this.uses.get(claims.nonce);
    if (!use) {
      if (this.uses.size >= this.maxTokens) return 'full';
      use = { expiresAt: claims.expiresAt, used: {} };
      this.uses.set(claims.nonce, use);
    }
    const allowance = allowanceOf(event);
    const used = use.used[allowance] ?? 0;
    if (used >= PAGE_TOKEN_ALLOWANCE[allowance]) return 'used_up';
    use.used[allowance] = used + 1;
    return null;
  }

  /** Forgets expired tokens about once a minute: they could not count again anyway. */
  private sweep(): void {
    const now = this.clock().getTime();
    if (now - this.lastSweep < SWEEP_MS) return;
    this.lastSweep = now;
    for (const [nonce, use] of this.uses) if (use.expiresAt * 1000 <= now) this.uses.delete(nonce);
  }
}
