import type { CanaryAnalysis, Ramp, Release } from '@usedcars/shared-contract';
import type { TelemetryEvent } from '@usedcars/shared-contract/telemetry';
import type { AppConfig } from '../src/config';
import { CanaryAnalyses } from '../src/features/releases/analysis';
import { CanaryWatch } from '../src/features/releases/auto-rollback';
import { AutomaticChanges } from '../src/features/releases/automatic';
import type { ReleaseEvent } from '../src/features/releases/notices';
import { ReleaseRegistry } from '../src/features/releases/service';
import type { RollbackSettings } from '../src/features/releases/settings';
import type { Driver } from './databases';
import { createTestDatabase } from './databases';
import { RENDER_SERVER_TOKEN, beacon, pageToken, rendererReport } from './telemetry';
import { type Account, TestApi } from './test-api';
import { TEST_CONFIG } from './test-config';

export const CANARY_SETTINGS: RollbackSettings = { marginPoints: 5, vitalsMargin: 0.5, minNetworks: 12, minAgeMs: 3_600_000, checkMs: 0 };
export const manifestOf = (version: string, remote = 'catalog') => `https://cdn.example.test/${remote}/${version}/mf-manifest.json`;

/** A clock the test moves by hand; it starts at the real time, so the database's own times stay near it. */
export function fakeClock() {
  let now = Date.now();
  return { now: () => new Date(now), advance: (ms: number) => void (now += ms) };
}

export interface Visits {
  views: number;
  errors?: number;
  remote?: string;
  /** The release is the baseline set's build, as the page's token says. */
  baselineSet?: boolean;
  /** Each page load's LCP and INP, in ms. */
  lcpMs?: number;
  inpMs?: number;
}

/** A site's API with render servers' and pages' reports at hand, and canaries judged every `checkMs` (0: when a test asks). */
export function canarySite(driver: Driver, options: { settings?: Partial<RollbackSettings>; clock?: () => Date; config?: () => Partial<AppConfig> } = {}) {
  const settings = { ...CANARY_SETTINGS, ...options.settings };
  const clock = options.clock ?? (() => new Date());
  let api: TestApi;
  let admin: Account;
  let config: AppConfig;
  let address = 0;
  beforeAll(async () => {
    const more = options.config?.() ?? {};
    config = {
      ...TEST_CONFIG,
      trustProxy: true,
      telemetry: { ...TEST_CONFIG.telemetry, serverToken: RENDER_SERVER_TOKEN },
      ...more,
      releases: { ...TEST_CONFIG.releases, ...more.releases, rollback: settings },
    };
    api = await new TestApi(await createTestDatabase(driver), { config, clock }).start();
    admin = await api.account('admin');
  });
  afterAll(() => api.stop());
  const site = {
    api: () => api,
    admin: () => admin,
    /** The settings the API runs with, for another instance beside it. */
    config: () => config,
    settings,
    /** A watch as an API instance runs it; `changed` hears what it did. */
    watch: (changed?: (event: ReleaseEvent) => void, announce = async () => undefined) =>
      new CanaryWatch({ analyses: new CanaryAnalyses(api.db, settings, clock), changes: new AutomaticChanges(api.db, clock), clock, announce, changed }),
    /** Straight into the registry: what POST /releases accepts is releases.test.ts's and preflight.test.ts's business. */
    register: async (version: string, canary?: number, remote = 'catalog', ramp?: Ramp, by = admin.email) => {
      const input = { remote, version, manifestUrl: manifestOf(version, remote), ...(canary ? { canary } : {}), ...(ramp ? { ramp } : {}) };
      expect((await new ReleaseRegistry(api.db, clock).register(input, by, 'passed')).again).toBe(false);
    },
    /** Visitors' pages of the release, served by a render server with their tokens, as an instance's flush writes them. */
    visits: async (release: string, { views, errors = 0, remote = 'catalog', baselineSet = false, lcpMs, inpMs }: Visits) => {
      const tags = { screen: `${remote}/Page`, remote, release };
      expect((await rendererReport(api, [{ type: 'served', remote, release, count: views }])).statusCode).toBe(202);
      for (let i = 0; i < views; i += 1) {
        const token = pageToken({ releases: { [remote]: release }, baselineSet: baselineSet ? [remote] : [], bucket: i % 100, at: clock().getTime() });
        const events: TelemetryEvent[] = [
          { type: 'view', ...tags },
          ...(i < errors ? [{ type: 'error', kind: 'boundary', ...tags } as const] : []),
          ...(lcpMs === undefined ? [] : [{ type: 'vital', name: 'LCP', value: lcpMs, ...tags } as const]),
          ...(inpMs === undefined ? [] : [{ type: 'vital', name: 'INP', value: inpMs, ...tags } as const]),
        ];
        expect((await beacon(api, token, events, `10.9.${(++address >> 8) % 250}.${(address % 250) + 1}`)).json()).toEqual({
          accepted: events.length,
          dropped: 0,
        });
      }
      await site.flush();
    },
    /** A render server's renders of the release, `fallbacks` of them left for the browser because the screen threw. */
    renders: async (release: string, count: number, fallbacks = 0, remote = 'catalog') => {
      const events: TelemetryEvent[] = [];
      if (count > fallbacks) events.push({ type: 'render', outcome: 'rendered', reason: '', count: count - fallbacks, ms: 40, remote, release });
      if (fallbacks > 0) events.push({ type: 'render', outcome: 'browser', reason: 'render_failed', count: fallbacks, ms: 40, remote, release });
      expect((await rendererReport(api, events)).statusCode).toBe(202);
      await site.flush();
    },
    /** The admin's summary writes this instance's numbers first. */
    flush: async () => {
      expect((await api.inject({ method: 'GET', url: '/telemetry/summary?remote=catalog', headers: admin.auth })).statusCode).toBe(200);
    },
    analysis: async (remote = 'catalog') => {
      const response = await api.inject({ method: 'GET', url: `/releases/analysis?remote=${remote}`, headers: admin.auth });
      expect(response.statusCode).toBe(200);
      return response.json<CanaryAnalysis[]>()[0];
    },
    history: async (remote = 'catalog') => (await api.inject({ method: 'GET', url: `/releases?remote=${remote}`, headers: admin.auth })).json<Release[]>(),
    statusOf: async (version: string, remote = 'catalog') => (await site.history(remote)).find((release) => release.version === version),
  };
  return site;
}
