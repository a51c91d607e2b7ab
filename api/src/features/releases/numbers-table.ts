import type { CanaryAnalysis, CanaryNumbers } from '@usedcars/shared-contract';

const rate = (value: number | null) => (value === null ? '–' : `${(value * 100).toFixed(1)} %`);
const ms = (value: number | null) => (value === null ? '–' : `${value} ms`);

const ROWS: [string, (numbers: CanaryNumbers) => string][] = [
  ['page views', (n) => `${n.pageViews} (${n.networks} networks)`],
  ['error rate', (n) => `${rate(n.errorRate)} (${n.errors}, ${n.errorNetworks} networks)`],
  ['renders', (n) => String(n.renders)],
  ['render failures', (n) => `${rate(n.renderFailureRate)} (${n.renderFailures})`],
  ['busy-machine fallbacks', (n) => `${rate(n.busyFallbackRate)} (${n.busyFallbacks})`],
  ['p75 LCP', (n) => ms(n.lcpP75)],
  ['p75 INP', (n) => ms(n.inpP75)],
];

/**
 * The canary's numbers beside its baseline's, as aligned plain-text lines: written here only, sent with each
 * analysis, and printed as they are by the mails and the release command (docs/releases.md, "Watching a canary").
 */
export function numbersTable({ numbers, baseline }: Pick<CanaryAnalysis, 'numbers' | 'baseline'>): string[] {
  const heading = baseline.version ? `live ${baseline.version}` : 'baseline set';
  const cells = [['', 'canary', heading], ...ROWS.map(([name, read]) => [name, read(numbers.canary), read(numbers.baseline)])];
  const widths = [0, 1].map((column) => Math.max(...cells.map((row) => row[column]!.length)));
  return cells.map(([name, canary, base]) => `${name!.padEnd(widths[0]!)}  ${canary!.padEnd(widths[1]!)}  ${base}`.trimEnd());
}
