/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { screen, waitFor, within } from '@testing-library/react';
import uPlot from 'uplot';
import { fakeApi } from '@usedcars/shared-api/testing';
import { renderDashboard, signInAs } from '../../../testing/renderDashboard';
import { health, withoutLayout } from '../../../testing/releases';
import type { ReleaseHealth } from '@usedcars/shared-contract/telemetry';
import ReleasesPage from './ReleasesPage';

const api = fakeApi();
// jsdom has no canvas: the chart's options are read as uPlot receives them; the browser suite renders it.
jest.mock('uplot', () => jest.fn().mockImplementation(() => ({ setSize: jest.fn(), destroy: jest.fn() })));
withoutLayout();

let releases: ReleaseHealth[];

beforeEach(() => {
  jest.mocked(uPlot).mockClear();
  signInAs('admin');
  api.reply('GET', '/releases/live', 200, { remotes: {} });
  api.reply('GET', '/releases', 200, []);
  api.reply('GET', '/telemetry/summary', ({ query: { remote, since } }) => ({
    status: 200,
    body: { remote, since, releases: remote === 'catalog' ? releases : [] },
  }));
  api.reply('GET', '/deploy-tokens', 200, []);
});

/** The catalog's chart as uPlot was asked to render it last, and its legend's colour per release. */
async function catalogChart() {
  const rendered = jest.mocked(uPlot).mock.calls.length;
  const view = renderDashboard(<ReleasesPage />, { path: '/dashboard/releases' });
  const catalog = await screen.findByRole('region', { name: 'catalog The car catalog' });
  const figure = await waitFor(() => within(catalog).getByRole('figure'), { timeout: 5_000 });
  // uPlot's code arrives on its own (jsdom has no IntersectionObserver: rendered at once).
  await waitFor(() => expect(jest.mocked(uPlot).mock.calls.length).toBeGreaterThan(rendered));
  const legend = Object.fromEntries(
    [...figure.querySelectorAll<HTMLElement>('[data-release]')].map((swatch) => [swatch.dataset.release, swatch.style.background]),
  );
  const [options] = jest.mocked(uPlot).mock.calls.at(-1) as unknown as [uPlot.Options];
  const strokes = Object.fromEntries(options.series.slice(1).map((series) => [series.label, series.stroke]));
  return { view, legend, strokes, options };
}

const oneMinute = (name: string, pageViews: number, minute = '2026-11-26T10:00:00.000Z') =>
  health(name, pageViews, { minutes: [{ minute, pageViews, errors: 0, renders: 0, renderFallbacks: 0, lcpP75: null }] });

test('each release keeps its colour across loads, whatever order the API lists them in, and no two share one', async () => {
  releases = [health('0.1.0-aaaaaaaaaa', 110), health('0.1.0-bbbbbbbbbb', 30)];
  const first = await catalogChart();
  first.view.unmount();
  releases = [health('0.1.0-cccccccccc', 20), health('0.1.0-bbbbbbbbbb', 30), health('0.1.0-aaaaaaaaaa', 110)];
  const second = await catalogChart();

  expect(second.legend['0.1.0-aaaaaaaaaa']).toBe(first.legend['0.1.0-aaaaaaaaaa']);
  expect(second.legend['0.1.0-bbbbbbbbbb']).toBe(first.legend['0.1.0-bbbbbbbbbb']);
  expect(new Set(Object.values(second.legend)).size).toBe(3);
  // The lines are the legend's colours.
  for (const [name, colour] of Object.entries(second.strokes)) expect(colour).toBe(toHex(second.legend[name]!));
});

test('one minute of numbers sits on an axis of the chosen hour, and page views count from 0 in whole steps', async () => {
  releases = [oneMinute('0.1.0-aaaaaaaaaa', 3, new Date(Date.now() - 5 * 60_000).toISOString())];
  const { options } = await catalogChart();
  const since = Date.parse(api.sent('GET', '/telemetry/summary').find((sent) => sent.query.remote === 'catalog')!.query.since!) / 1000;
  const plot = {} as uPlot;

  const [start, end] = rangeOf(options.scales!.x!.range, plot, null, null);
  expect(start).toBe(since);
  expect(end - start).toBeGreaterThanOrEqual(3_600);
  expect(end - start).toBeLessThanOrEqual(3_660);
  expect(end).toBeLessThanOrEqual(Date.now() / 1000 + 1);

  expect(rangeOf(options.scales!.y!.range, plot, 3, 3)).toEqual([0, 4]);
  expect(rangeOf(options.scales!.y!.range, plot, null, null)).toEqual([0, 1]);
  const incrs = options.axes![1]!.incrs as number[];
  expect(incrs.every((step) => Number.isInteger(step))).toBe(true);
  expect((options.axes![1]!.values as (plot: uPlot, splits: number[]) => string[])(plot, [0, 1000, 2000])).toEqual(['0', '1,000', '2,000']);
});

test('a release with renders but no page views gets the same axes over an empty chart', async () => {
  releases = [health('0.1.0-aaaaaaaaaa', 0, { minutes: [], errors: 0, errorRate: null })];
  const { options } = await catalogChart();
  const [, data] = jest.mocked(uPlot).mock.calls.at(-1)!;
  expect(data).toEqual([[], []]);
  const [start, end] = rangeOf(options.scales!.x!.range, {} as uPlot, null, null);
  expect(end - start).toBeGreaterThanOrEqual(3_600);
  expect(rangeOf(options.scales!.y!.range, {} as uPlot, null, null)).toEqual([0, 1]);
});

/** A scale's range as uPlot would ask it (a function of the data's extent). */
function rangeOf(range: uPlot.Scale['range'], plot: uPlot, min: number | null, max: number | null): [number, number] {
  expect(typeof range).toBe('function');
  return (range as (plot: uPlot, min: number | null, max: number | null, key: string) => [number, number])(plot, min, max, 'x');
}

/** jsdom writes an element's colour as rgb(); uPlot is handed the hex. */
function toHex(rgb: string): string {
  const [r, g, b] = rgb.match(/\d+/g)!.map(Number);
  return `#${[r, g, b].map((part) => part!.toString(16).padStart(2, '0')).join('')}`;
}
