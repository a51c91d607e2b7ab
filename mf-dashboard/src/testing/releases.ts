import type { Release } from '@usedcars/shared-contract';
import type { CanaryAnalysis } from '@usedcars/shared-contract';
import type { ErrorGroup, ReleaseHealth } from '@usedcars/shared-contract/telemetry';

/** The Releases screen's tests: the registry's, the telemetry's and the verdict's responses, as the API sends them. */

export const release = (overrides: Partial<Release>): Release => ({
  remote: 'catalog',
  version: '0.1.0-aaaaaaaaaa',
  manifestUrl: 'https://cdn.test/catalog/0.1.0-aaaaaaaaaa/mf-manifest.json',
  commit: '3f2a9c81d0e4b5a6',
  builtAt: null,
  releasedBy: 'Catalog team (catalog token)',
  preflight: 'passed',
  status: 'live',
  share: null,
  reason: null,
  liveAt: null,
  createdAt: '2026-11-24T09:00:00.000Z',
  updatedAt: '2026-11-24T09:00:00.000Z',
  ...overrides,
});

export const health = (name: string, pageViews: number, overrides: Partial<ReleaseHealth> = {}): ReleaseHealth => ({
  release: name,
  pageViews,
  errors: 3,
  errorRate: 3 / pageViews,
  errorsByKind: { boundary: 3 },
  lcpP75: 1800,
  inpP75: 120,
  clsP75: 0.02,
  ttfbP75: 300,
  renders: 50,
  renderFallbacks: 2,
  renderFallbackRate: 0.04,
  fallbacksByReason: { budget: 2 },
  renderP75Ms: 90,
  pagesServed: pageViews,
  errorGroups: [],
  minutes: [
    { minute: '2026-11-26T10:00:00.000Z', pageViews: pageViews - 10, errors: 1, renders: 25, renderFallbacks: 1, lcpP75: 1800 },
    { minute: '2026-11-26T10:01:00.000Z', pageViews: 10, errors: 2, renders: 25, renderFallbacks: 1, lcpP75: 1700 },
  ],
  ...overrides,
});

export const errorGroup = (overrides: Partial<ErrorGroup> = {}): ErrorGroup => ({
  fingerprint: 'f1',
  kind: 'boundary',
  message: 'this canary cannot show a price',
  screen: 'catalog/CarDetailPage',
  count: 12,
  networks: 9,
  firstSeen: '2026-11-26T10:00:00.000Z',
  lastSeen: '2026-11-26T10:05:00.000Z',
  frames: [
    {
      file: 'https://cdn.test/catalog/0.1.0-bbbbbbbbbb/static/js/812.4c1e.js',
      line: 1,
      column: 5230,
      fn: 'Ge',
      original: { file: 'src/components/CarPrices.tsx', line: 14, column: 22, name: 'CarPrices' },
    },
    { file: 'https://cdn.test/catalog/0.1.0-bbbbbbbbbb/static/js/812.4c1e.js', line: 1, column: 9120, fn: 'Xo' },
  ],
  ...overrides,
});

const numbers = (pageViews: number, errors: number, renders: number, renderFallbacks: number) => ({
  pageViews,
  errors,
  errorRate: pageViews ? errors / pageViews : null,
  networks: Math.round(pageViews / 2),
  errorNetworks: errors,
  renders,
  renderFallbacks,
  renderFallbackRate: renders ? renderFallbacks / renders : null,
  renderFailures: Math.floor(renderFallbacks / 2),
  renderFailureRate: renders ? Math.floor(renderFallbacks / 2) / renders : null,
  busyFallbacks: Math.ceil(renderFallbacks / 2),
  busyFallbackRate: renders ? Math.ceil(renderFallbacks / 2) / renders : null,
  lcpP75: 1900,
  inpP75: 140,
});

/** The catalog's canary 0.1.0-bbbbbbbbbb at 10 %, judged against live 0.1.0-aaaaaaaaaa. */
export const analysis = (overrides: Partial<CanaryAnalysis> = {}): CanaryAnalysis => ({
  remote: 'catalog',
  canary: { version: '0.1.0-bbbbbbbbbb', share: 10, since: '2026-11-26T10:00:00.000Z' },
  baseline: { kind: 'live', version: '0.1.0-aaaaaaaaaa' },
  verdict: 'undecided',
  reason: '13 page views from 7 of 12 networks, 20 renders: waiting for 12 networks (error rate)',
  checks: [
    { check: 'render_failures', state: 'within', text: 'render failures 0.0 % over 20 renders, within the margin of the live release 0.5 %' },
    { check: 'error_rate', state: 'waiting', text: 'error rate 7.7 % over 13 page views from 7 networks: waiting for 12 networks' },
  ],
  progress: { views: 13, networks: 7, minNetworks: 12, renders: 20, ageMs: 4 * 60_000, minAgeMs: 10 * 60_000 },
  numbers: { canary: numbers(13, 1, 20, 0), baseline: numbers(240, 1, 400, 4) },
  // The plain-text lines of the mails and the release command; the screen shows its own table.
  table: [],
  ramp: null,
  suspectSince: null,
  ...overrides,
});

/** jsdom has neither a canvas for uPlot nor ResizeObserver; the browser suite renders the real chart. */
export function withoutLayout(): void {
  Object.assign(globalThis, {
    ResizeObserver: class {
      observe() {}
      disconnect() {}
    },
  });
}
