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
