import { releaseAddressRefusal, type LiveSet, type PinnedRelease } from '@usedcars/shared-contract';
import type { PinClaims, PinSigner } from '@usedcars/shared-contract/pins';

export type Remotes = Partial<Record<string, string>>;

export interface ReleaseSetOptions {
  liveUrl: string;
  onChange: () => void;
  allowed: () => readonly string[];
  log: (message: string) => void;
  /** Loads and warms the set's builds; the set is used only once it settles (docs/releases.md, "The verdict"). */
  prepare?: (builds: Array<[remote: string, manifestUrl: string]>) => Promise<void>;
  fetch?: typeof fetch;
}

/** docs/releases.md, "How the site follows the registry". */
export class ReleaseSet {
  private live: LiveSet['remotes'] = {};
  private readonly refused = new Set<string>();
  private liveText = '{}';
  private failing = false;
  private refreshing: Promise<void> | null = null;
  private again = false;

  constructor(private readonly options: ReleaseSetOptions) {}

  /** Calls made while one read runs share one more read after it. */
  refresh(): Promise<void> {
    if (this.refreshing) {
      this.again = true;
      return this.refreshing;
    }
    this.refreshing = this.read().finally(() => {
      this.refreshing = null;
      if (this.again) {
        this.again = false;
        void this.refresh();
      }
    });
    return this.refreshing;
  }

  /** A backup for missed change events. */
  poll(everyMs: number): () => void {
    const timer = setInterval(() => void this.refresh(), everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  choose(baselineSet: Remotes, bucket: number, pin?: PinnedRelease | null): { remotes: Remotes; split: boolean } {
    const remotes: Remotes = { ...baselineSet };
    let split = false;
    for (const [remote, entry] of Object.entries(this.live)) {
      if (entry.canary) split = true;
      const running = entry.canary && bucket < entry.canary.share ? entry.canary : entry.live;
      if (running) remotes[remote] = running.manifestUrl;
    }
    if (pin && pin.remote in remotes && this.allows(pin.manifestUrl)) {
      remotes[pin.remote] = pin.manifestUrl;
      split = true;
    }
    return { remotes, split };
  }

  canariesIn(remotes: Remotes): string[] {
    return Object.entries(this.live)
      .filter(([remote, entry]) => entry.canary && remotes[remote] === entry.canary.manifestUrl)
      .map(([remote]) => remote);
  }

  addresses(baselineSet: Remotes): string[] {
    const all = Object.values(baselineSet).filter((url): url is string => typeof url === 'string');
    for (const entry of Object.values(this.live)) for (const running of [entry.live, entry.canary]) if (running) all.push(running.manifestUrl);
    return all;
  }

  /** Whether this render server may load a release from there (a preview's address comes from the registry, and is checked all the same). */
  loadable(manifestUrl: string): boolean {
    return this.allows(manifestUrl);
  }

  private allows(manifestUrl: string): boolean {
    const refusal = releaseAddressRefusal(manifestUrl, this.options.allowed());
    if (refusal && !this.refused.has(manifestUrl)) {
      this.refused.add(manifestUrl);
      this.options.log(`release at ${manifestUrl} is not loaded: ${refusal}`);
    }
    return refusal === null;
  }

  private withinAllowed(remotes: LiveSet['remotes']): LiveSet['remotes'] {
    const kept: LiveSet['remotes'] = {};
    for (const [remote, entry] of Object.entries(remotes)) {
      const live = entry.live && this.allows(entry.live.manifestUrl) ? entry.live : null;
      const canary = entry.canary && this.allows(entry.canary.manifestUrl) ? entry.canary : null;
      if (live || canary) kept[remote] = { live, canary };
    }
    return kept;
  }

  private async read(): Promise<void> {
    const { liveUrl, log, onChange } = this.options;
    try {
      const response = await (this.options.fetch ?? fetch)(liveUrl, { signal: AbortSignal.timeout(5_000) });
      if (!response.ok) throw new Error(`responded ${response.status}`);
      const text = await response.text();
      const parsed = JSON.parse(text) as LiveSet;
      if (this.failing) log(`release registry reached again at ${liveUrl}`);
      this.failing = false;
      if (text === this.liveText) return;
      const live = this.withinAllowed(parsed.remotes ?? {});
      // A new release's first pages are never the ones that wait for its build (or miss the budget doing so).
      const builds = Object.entries(live).flatMap(([remote, entry]) =>
        [entry.live, entry.canary].flatMap((running) => (running ? [[remote, running.manifestUrl] as [string, string]] : [])),
      );
      await this.options.prepare?.(builds);
      this.live = live;
      this.liveText = text;
      onChange();
    } catch (error) {
      if (!this.failing)
        log(`cannot read the release registry at ${liveUrl} (${error instanceof Error ? error.message : String(error)}); pages keep the last release set`);
      this.failing = true;
    }
  }
}

/** A well-signed pin whose release the registry does not have is asked about again after this. */
const PIN_UNREGISTERED_MS = 60_000;
const PINS_CACHED = 200;

/** A forged or expired pin costs no request (docs/releases.md, "Pin: an admin tries a release first"). */
export class PinChecks {
  private readonly checks = new Map<string, { until: number; release: Promise<PinnedRelease | null> }>();

  constructor(
    private readonly checkUrl: string,
    /** null (no shared secret) honours no pin. */
    private readonly signer: PinSigner | null,
    private readonly fetcher: typeof fetch = fetch,
    private readonly now: () => number = Date.now,
  ) {}

  claims(pin: string): PinClaims | null {
    return this.signer?.verify(pin, this.now() / 1000) ?? null;
  }

  release(pin: string, claims: PinClaims): Promise<PinnedRelease | null> {
    const cached = this.checks.get(pin);
    if (cached && this.now() < cached.until) return cached.release;
    const release = this.ask(pin);
    this.checks.delete(pin);
    this.checks.set(pin, { until: claims.exp * 1000, release });
    void release.then((found) => {
      const entry = this.checks.get(pin);
      if (!found && entry?.release === release) entry.until = Math.min(entry.until, this.now() + PIN_UNREGISTERED_MS);
    });
    while (this.checks.size > PINS_CACHED) this.checks.delete(this.checks.keys().next().value!);
    return release;
  }

  private async ask(pin: string): Promise<PinnedRelease | null> {
    try {
      const response = await this.fetcher(`${this.checkUrl}?pin=${encodeURIComponent(pin)}`, { signal: AbortSignal.timeout(2_000) });
      return response.ok ? ((await response.json()) as PinnedRelease) : null;
    } catch {
      // Unchecked is unpinned: the visitor gets the set everyone gets, and the next request asks again.
      this.checks.delete(pin);
      return null;
    }
  }
}
