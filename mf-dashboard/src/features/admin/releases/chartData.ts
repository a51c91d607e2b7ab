import type { ReleaseHealth } from '@usedcars/shared-contract/telemetry';

/** uPlot's columns: the minutes (seconds since 1970) every release reported in, then each release's page views (null where it had none). */
export function chartSeries(releases: readonly ReleaseHealth[]): [number[], ...Array<Array<number | null>>] {
  const minutes = [...new Set(releases.flatMap((release) => release.minutes.map((minute) => Date.parse(minute.minute) / 1000)))].sort((a, b) => a - b);
  const series = releases.map((release) => {
    const views = new Map(release.minutes.map((minute) => [Date.parse(minute.minute) / 1000, minute.pageViews]));
    return minutes.map((second) => views.get(second) ?? null);
  });
  return [minutes, ...series];
}

export const minuteLabel = (second: number) => new Date(second * 1000).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The chart in words: each release's busiest minute. */
export function describeSeries(releases: readonly ReleaseHealth[]): string {
  return releases
    .map((release) => {
      const busiest = release.minutes.reduce<ReleaseHealth['minutes'][number] | null>(
        (top, minute) => (!top || minute.pageViews > top.pageViews ? minute : top),
        null,
      );
      return busiest
        ? `${release.release}: ${release.pageViews.toLocaleString('en-US')} in all, at most ${busiest.pageViews.toLocaleString('en-US')} (${minuteLabel(Date.parse(busiest.minute) / 1000)}).`
        : `${release.release}: no page views.`;
    })
    .join(' ');
}

/**
 * The time axis spans the chosen window, from `since` to now, whatever minutes have numbers: a
 * single minute sits where it happened instead of on an axis uPlot would stretch to years.
 */
export function windowRange(since: string, minutes: readonly number[], now: number): [number, number] {
  const start = Date.parse(since) / 1000;
  const end = Math.max(now / 1000, minutes.at(-1) ?? 0);
  return [start, Math.max(end, start + 60)];
}

/** Page views from 0, to a little over the busiest minute, at least 1. */
export const viewsRange = (busiest: number | null): [number, number] => [0, Math.max(1, Math.ceil((busiest ?? 0) * 1.1))];

/** The page-view axis' steps: whole page views only. */
export const VIEW_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000];
