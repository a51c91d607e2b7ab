/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { screen, waitFor, within } from '@testing-library/react';
import { standInApi } from '@usedcars/shared-api/testing';
import type { LiveSet } from '@usedcars/shared-contract';
import { renderDashboard, signInAs } from '../../../testing/renderDashboard';
import { analysis, health, release, withoutLayout } from '../../../testing/releases';
import type { CanaryAnalysis } from '@usedcars/shared-contract';
import ReleasesPage from './ReleasesPage';

const api = standInApi();
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
  // The first test of the file also waits for the stand-in API's first answers.
  return { catalog, verdict: await within(catalog).findByRole('region', { name: 'catalog: canary verdict' }, { timeout: 5_000 }) };
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => row.textContent);

test('undecided: what it still waits for, against which release, and both sides’ numbers', async () => {
  const { verdict } = await catalogVerdict();
  expect(verdict).toHaveTextContent('Undecided: 13 of 50 views, 20 of 50 renders');
  expect(verdict).toHaveTextContent(/Canary 0\.1\.0-bbbbbbbbbb \(10 % of visitors since Nov 26, 2026, .*\) against the live release 0\.1\.0-aaaaaaaaaa\./);
  expect(within(verdict).getByText('Page views', { selector: 'dt' }).nextElementSibling).toHaveTextContent('13 of 50');
  expect(within(verdict).getByText('Renders', { selector: 'dt' }).nextElementSibling).toHaveTextContent('20 of 50');
  expect(within(verdict).getByText('Age', { selector: 'dt' }).nextElementSibling).toHaveTextContent('4 min of 10 min');
  const numbers = within(verdict).getByRole('table', { name: 'catalog: canary against live, since the canary started' });
  expect(rowsOf(numbers)).toEqual([
    'CanaryLive',
    'Page views13240',
    'Error rate7.7 % (1)0.4 % (1)',
    'Render fallbacks0.0 % (0 of 20)1.0 % (4 of 400)',
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

test('healthy on a ramp: the steps with the current one marked, and when the next is due', async () => {
  verdicts = [
    analysis({
      verdict: 'healthy',
      reason: 'within the margins of the live over 60 page views and 52 renders',
      ramp: { steps: [10, 25, 50, 100], everyMs: 600_000, step: 0, nextAt: '2026-11-26T10:10:00.000Z' },
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
  verdicts = [analysis({ verdict: 'healthy', ramp: { steps: [10, 50, 100], everyMs: 60_000, step: 1, nextAt: '2026-11-26T10:10:00.000Z' } })];
  const { verdict } = await catalogVerdict();
  expect(verdict).toHaveTextContent(/Next: promoted to everyone at Nov 26, 2026/);
});

test('with no step due, it says so', async () => {
  verdicts = [analysis({ ramp: { steps: [10, 50, 100], everyMs: 60_000, step: 1, nextAt: null } })];
  const { verdict } = await catalogVerdict();
  expect(verdict).toHaveTextContent('No further step is due.');
});

test('against the first set: its build is marked as what is live in the health table', async () => {
  live = { remotes: { catalog: { live: null, canary: { version: '0.1.0-bbbbbbbbbb', manifestUrl: 'y', share: 10 } } } };
  verdicts = [analysis({ baseline: { kind: 'first set', version: '0.1.0-aaaaaaaaaa' } })];
  const { catalog, verdict } = await catalogVerdict();
  expect(verdict).toHaveTextContent('against the first set 0.1.0-aaaaaaaaaa.');
  expect(within(verdict).getByRole('table', { name: 'catalog: canary against first set, since the canary started' })).toBeInTheDocument();
  const table = within(catalog).getByRole('table', { name: 'catalog health by release' });
  expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/^0\.1\.0-aaaaaaaaaalive \(first set\)240/);
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
  api.reply('GET', '/releases/analysis', 503, { message: 'The database is not answering' });
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
