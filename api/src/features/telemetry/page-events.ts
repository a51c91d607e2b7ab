import type { PageEvent, TelemetryEvent } from '@usedcars/shared-contract/telemetry';
import { type DropReason, PageTokenUses } from './page-tokens';
import type { RegisteredReleases } from './registered-releases';

const isPageEvent = (event: TelemetryEvent): event is PageEvent => event.type === 'view' || event.type === 'vital' || event.type === 'error';

/**
 * Which of a page's events count (docs/releases.md, "What is trusted and why"): only under a valid
 * token a render server signed into a page it served, only for the release the token names for
 * that remote, a release the registry holds or the baseline set's build the token reports, and only
 * up to the token's allowance. Everything else is dropped, with why. (What the verdict reads is
 * capped once more, per visitor network: network-counts.ts.)
 */
export class PageEvents {
  private readonly tokens: PageTokenUses;

  constructor(
    secret: string | undefined,
    private readonly registered: RegisteredReleases,
    clock: () => Date,
  ) {
    this.tokens = new PageTokenUses(secret, clock);
  }

  /** Whether the token is one a render server signed and has not expired. */
  valid(token: string | undefined): boolean {
    return 'claims' in this.tokens.read(token);
  }

  /** `network`: the keyed name of the visitor network the batch came from (networks.ts); null when its address is none. */
  async admit(token: string | undefined, events: readonly TelemetryEvent[], network: string | null): Promise<{ counted: PageEvent[]; dropped: DropReason[] }> {
    const read = this.tokens.read(token);
    if ('problem' in read) return { counted: [], dropped: events.map(() => read.problem) };
    if (network === null) return { counted: [], dropped: events.map(() => 'no_network') };
    const { claims } = read;
    const counted: PageEvent[] = [];
    const dropped: DropReason[] = [];
    for (const event of events.filter(isPageEvent)) {
      let reason: DropReason | null = null;
      if (claims.releases[event.remote] !== event.release) reason = 'not_in_token';
      else if (!claims.baselineSet.includes(event.remote) && !(await this.registered.has(event.remote, event.release))) reason = 'unregistered';
      else reason = this.tokens.take(claims, event);
      if (reason) dropped.push(reason);
      else counted.push(event);
    }
    return { counted, dropped };
  }
}
