/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi } from '@usedcars/shared-api/testing';
import type { LiveSet } from '@usedcars/shared-contract';
import { renderDashboard, signInAs } from '../../../testing/renderDashboard';
import { analysis, health, release, withoutLayout } from '../../../testing/releases';
import type { CanaryAnalysis } from '@usedcars/shared-contract';
import ReleasesPage from './ReleasesPage';

const api = fakeApi();
jest.mock('uplot', () => jest.fn().mockImplementation(() => ({ setSize: jest.fn(), destroy: jest.fn() })));
withoutLayout();

let live: LiveSet;
let verdicts: CanaryAnalysis[];

beforeEach(() => {
  signInAs('admin');
  live = {
    remotes: {
      catalog: { live: { version: '0.1.0-aaaaaaaaaa', manifestUrl: 'x' }, canary: { version: '0.1.0-bbbbbbbbbb', manifestUrl: 'y', share: 10 } },
    },
  };
  verdicts = [analysis()];
  api.reply('GET', '/releases/live', () => ({ status: 200, body: live }));
  api.reply('GET', '/releases', ({ query }) => ({
    status: 200,
    body: query.remote === 'catalog' ? [release({ version: '0.1.0-bbbbbbbbbb', status: 'canary', share: 10 }), release({})] : [],
  }));
  api.reply('GET', '/releases/analysis', ({ query }) => ({ status: 200, body: verdicts.filter((entry) => entry.remote === query.remote) }));
  api.reply('GET', '/telemetry/summary', ({ query: { remote, since } }) => ({
    status: 200,
    body: { remote, since, releases: remote === 'catalog' ? [health('0.1.0-aaaaaaaaaa', 240), health('0.1.0-bbbbbbbbbb', 13), health('unknown', 12)] : [] },
  }));
  api.reply('GET', '/deploy-tokens', 200, []);
});

async function catalogVerdict() {
  renderDashboard(<ReleasesPage />, { path: '/dashboard/releases' });
  const catalog = await screen.findByRole('region', { name: 'catalog The car catalog' });
  // The first test of the file also waits for the fake API's first responses.
  return { catalog, verdict: await within(catalog).findByRole('region', { name: 'catalog: canary verdict' }, { timeout: 5_000 }) };
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => row.textContent);

test('undecided: what it still waits for, each check, against which release, and both sides’ numbers', async () => {
  const { verdict } = await catalogVerdict();
  expect(verdict).toHaveTextContent('Undecided: 13 page views from 7 of 12 networks, 20 renders: waiting for 12 networks (error rate)');
  expect(verdict).toHaveTextContent(/Canary 0\.1\.0-bbbbbbbbbb \(10 % of visitors since Nov 26, 2026, .*\) against the live release 0\.1\.0-aaaaaaaaaa\./);
  expect(within(verdict).getByText('Networks', { selector: 'dt' }).nextElementSibling).toHaveTextContent('7 of 12');
  expect(within(verdict).getByText('Page views', { selector: 'dt' }).nextElementSibling).toHaveTextContent('13');
  expect(within(verdict).getByText('Renders', { selector: 'dt' }).nextElementSibling).toHaveTextContent('20');
  expect(within(verdict).getByText('Age', { selector: 'dt' }).nextElementSibling).toHaveTextContent('4 min of 10 min');
  expect(
    within(within(verdict).getByRole('list', { name: 'What was judged' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual([
    'Within the margin: render failures 0.0 % over 20 renders, within the margin of the live release 0.5 %',
    'Waiting for numbers: error rate 7.7 % over 13 page views from 7 networks: waiting for 12 networks',
  ]);
  const numbers = within(verdict).getByRole('table', { name: 'catalog: canary against live, since the canary started' });
  expect(rowsOf(numbers)).toEqual([
    'CanaryLive',
    'Page views13 from 7 networks240 from 120 networks',
    'Error rate7.7 % (1, from 1 networks)0.4 % (1, from 1 networks)',
    'Render failures0.0 % (0 of 20)0.5 % (2 of 400)',
    'Busy-machine fallbacks0.0 % (0)0.5 % (2)',
    'p75 LCP1,900 ms1,900 ms',
    'p75 INP140 ms140 ms',
  ]);
  // Read with the admin's token, for the remote shown.
  expect(api.sent('GET', '/releases/analysis').map((sent) => sent.query)).toContainEqual({ remote: 'catalog' });
});

test('failing: the reason in the API’s words, no progress', async () => {
  verdicts = [analysis({ verdict: 'failing', reason: 'error rate 20.0 % over 50 page views, live 0.4 % (margin 5 points)' })];
  const { verdict } = await catalogVerdict();
  expect(verdict).toHaveTextContent('Failing: error rate 20.0 % over 50 page views, live 0.4 % (margin 5 points)');
  expect(within(verdict).queryByText('Page views', { selector: 'dt' })).not.toBeInTheDocument();
});

test('suspect: why, that the admins were told, what a person may do, and the ramp paused with no time in the past', async () => {
  verdicts = [
    analysis({
      verdict: 'suspect',
      reason:
        'error rate 40.0 % over 10 page views from 10 networks, live release 0.4 % (margin 5 points), but from 2 networks only (12 needed to act): a person decides',
      suspectSince: '2026-11-26T10:04:00.000Z',
      ramp: { steps: [10, 50, 100], everyMs: 60_000, step: 0, nextAt: '2026-11-26T10:01:00.000Z', held: 'suspect' },
    }),
  ];
  const { verdict } = await catalogVerdict();
  expect(verdict).toHaveTextContent('Suspect: error rate 40.0 % over 10 page views from 10 networks');
  expect(verdict).toHaveTextContent(
    /from too few networks for the site to act on by itself: roll it back, promote it or change its share below\. The admins were told Nov 26, 2026/,
  );
  expect(verdict).toHaveTextContent('Paused while the canary is suspect: no step to 50 % of visitors until a person decides or the numbers clear it.');
  expect(verdict).not.toHaveTextContent(/Next: .* at /);
});

test('a step that is due but waits for numbers says so, not a time already past', async () => {
  verdicts = [analysis({ ramp: { steps: [10, 50, 100], everyMs: 60_000, step: 0, nextAt: '2026-11-26T10:01:00.000Z', held: 'undecided' } })];
  const { verdict } = await catalogVerdict();
  expect(verdict).toHaveTextContent(/Next: 50 % of visitors as soon as it is healthy \(due since Nov 26, 2026, .*\)\./);
});

test('healthy on a ramp: the steps with the current one marked, and when the next is due', async () => {
  verdicts = [
    analysis({
      verdict: 'healthy',
      reason: 'within the margins of the live over 60 page views and 52 renders',
      ramp: { steps: [10, 25, 50, 100], everyMs: 600_000, step: 0, nextAt: '2026-11-26T10:10:00.000Z', held: null },
    }),
  ];
  const { verdict } = await catalogVerdict();
  expect(verdict).toHaveTextContent('Healthy: within the margins of the live over 60 page views and 52 renders');
  expect(verdict).toHaveTextContent('Ramp, a step every 10 min:');
  const steps = within(verdict).getByRole('list', { name: 'Ramp steps' });
  expect(
    within(steps)
      .getAllByRole('listitem')
      .map((step) => [step.textContent, step.getAttribute('aria-current')]),
  ).toEqual([
    ['10 %', 'step'],
    ['25 %', null],
    ['50 %', null],
    ['100 %', null],
  ]);
  expect(verdict).toHaveTextContent(/Next: 25 % of visitors at Nov 26, 2026, .*, if still healthy\./);
});

test('before the step to 100 % the next step promotes it', async () => {
  verdicts = [analysis({ verdict: 'healthy', ramp: { steps: [10, 50, 100], everyMs: 60_000, step: 1, nextAt: '2026-11-26T10:10:00.000Z', held: null } })];
  const { verdict } = await catalogVerdict();
  expect(verdict).toHaveTextContent(/Next: promoted to everyone at Nov 26, 2026/);
});

test('with no step due, it says so', async () => {
  verdicts = [analysis({ ramp: { steps: [10, 50, 100], everyMs: 60_000, step: 1, nextAt: null, held: null } })];
  const { verdict } = await catalogVerdict();
  expect(verdict).toHaveTextContent('No further step is due.');
});

test('against the baseline set: its build is marked as what is live in the health table', async () => {
  live = { remotes: { catalog: { live: null, canary: { version: '0.1.0-bbbbbbbbbb', manifestUrl: 'y', share: 10 } } } };
  verdicts = [analysis({ baseline: { kind: 'first set', version: '0.1.0-aaaaaaaaaa' } })];
  const { catalog, verdict } = await catalogVerdict();
  expect(verdict).toHaveTextContent('against the baseline set 0.1.0-aaaaaaaaaa.');
  expect(within(verdict).getByRole('table', { name: 'catalog: canary against baseline set, since the canary started' })).toBeInTheDocument();
  const table = within(catalog).getByRole('table', { name: 'catalog health by release' });
  expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/^0\.1\.0-aaaaaaaaaalive \(baseline set\)240/);
});

test('the health table marks the live release and the canary, and says what "unknown" is', async () => {
  const { catalog } = await catalogVerdict();
  const table = within(catalog).getByRole('table', { name: 'catalog health by release' });
  const firstCells = within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
  expect(firstCells).toEqual(['0.1.0-aaaaaaaaaalive', '0.1.0-bbbbbbbbbbcanary 10 %', 'unknown reported before the page knew its release']);
});

test('a verdict the API cannot give says so, and the numbers stay', async () => {
  api.reply('GET', '/releases/analysis', 503, { message: 'The database is not responding' });
  renderDashboard(<ReleasesPage />, { path: '/dashboard/releases' });
  const again = await screen.findByRole('region', { name: 'catalog The car catalog' });
  expect(await within(again).findByText('We could not read the verdict on the canary of catalog.')).toBeInTheDocument();
  expect(await within(again).findByRole('table', { name: 'catalog health by release' })).toBeInTheDocument();
});

test('a verdict on a canary that is no longer running (just promoted or rolled back) is not shown', async () => {
  verdicts = [analysis({ canary: { version: '0.1.0-cccccccccc', share: 50, since: '2026-11-26T09:00:00.000Z' } })];
  renderDashboard(<ReleasesPage />, { path: '/dashboard/releases' });
  const catalog = await screen.findByRole('region', { name: 'catalog The car catalog' });
  await within(catalog).findByRole('table', { name: 'catalog health by release' });
  await waitFor(() => expect(api.sent('GET', '/releases/analysis')).not.toHaveLength(0));
  expect(within(catalog).queryByRole('region', { name: 'catalog: canary verdict' })).not.toBeInTheDocument();
});
