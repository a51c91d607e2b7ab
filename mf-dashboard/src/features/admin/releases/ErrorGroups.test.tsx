/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '@usedcars/shared-api/testing';
import { renderDashboard, signInAs } from '../../../testing/renderDashboard';
import { errorGroup, health, withoutLayout } from '../../../testing/releases';
import type { ReleaseHealth } from '@usedcars/shared-contract/telemetry';
import ReleasesPage from './ReleasesPage';

const api = fakeApi();
jest.mock('uplot', () => jest.fn().mockImplementation(() => ({ setSize: jest.fn(), destroy: jest.fn() })));
withoutLayout();

let releases: ReleaseHealth[];

beforeEach(() => {
  signInAs('admin');
  api.reply('GET', '/releases/live', 200, {
    remotes: { catalog: { live: { version: '0.1.0-aaaaaaaaaa', manifestUrl: 'x' }, canary: { version: '0.1.0-bbbbbbbbbb', manifestUrl: 'y', share: 10 } } },
  });
  api.reply('GET', '/releases', 200, []);
  api.reply('GET', '/telemetry/summary', ({ query: { remote, since } }) => ({
    status: 200,
    body: { remote, since, releases: remote === 'catalog' ? releases : [] },
  }));
  api.reply('GET', '/deploy-tokens', 200, []);
});

async function catalogErrors() {
  renderDashboard(<ReleasesPage />, { path: '/dashboard/releases' });
  const catalog = await screen.findByRole('region', { name: 'catalog The car catalog' });
  await within(catalog).findByRole('table', { name: 'catalog health by release' }, { timeout: 5_000 });
  return catalog;
}

test('each release’s top errors: message, count, screen, first and last seen, and where it was thrown behind a disclosure', async () => {
  const user = userEvent.setup();
  releases = [
    health('0.1.0-aaaaaaaaaa', 240, { errorGroups: [] }),
    health('0.1.0-bbbbbbbbbb', 60, {
      errorGroups: [
        errorGroup(),
        errorGroup({ fingerprint: 'f2', kind: 'render_failed', message: 'prices is not iterable', count: 3, frames: [], screen: 'catalog/HomePage' }),
      ],
    }),
  ];
  const catalog = await catalogErrors();
  const errors = within(catalog).getByRole('region', { name: 'catalog: top errors by release' });
  // Only the release with errors, named with its role.
  const canary = await within(errors).findByRole('region', { name: 'catalog: top errors by release 0.1.0-bbbbbbbbbb canary 10 %' });
  expect(within(errors).queryByRole('region', { name: /0\.1\.0-aaaaaaaaaa/ })).not.toBeInTheDocument();

  const [first, second] = within(canary)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === canary.querySelector('ol'));
  expect(first).toHaveTextContent('this canary cannot show a price');
  const facts = (item: HTMLElement) =>
    Object.fromEntries([...item.querySelectorAll('dl > div')].map((pair) => [pair.querySelector('dt')!.textContent, pair.querySelector('dd')!.textContent]));
  expect(facts(first!)).toEqual({
    Count: '12',
    Networks: '9',
    Screen: 'catalog/CarDetailPage: a screen threw in the browser',
    'First seen': expect.stringMatching(/^Nov 26, 2026, /),
    'Last seen': expect.stringMatching(/^Nov 26, 2026, /),
  });
  expect(within(first!).getByText('Last seen').nextElementSibling!.querySelector('time')).toHaveAttribute('datetime', '2026-11-26T10:05:00.000Z');

  // The top frame where the source maps put it; the rest of the stack once opened.
  const summary = within(first!).getByText(/^Thrown at/, { selector: 'summary' });
  expect(summary).toHaveTextContent('Thrown at src/components/CarPrices.tsx:14');
  const details = summary.parentElement as HTMLDetailsElement;
  expect(details.open).toBe(false);
  await user.click(summary);
  expect(details.open).toBe(true);
  expect(
    within(details)
      .getAllByRole('listitem')
      .map((frame) => frame.textContent),
  ).toEqual([
    'src/components/CarPrices.tsx:14 in CarPricesbuilt file: https://cdn.test/catalog/0.1.0-bbbbbbbbbb/static/js/812.4c1e.js:1:5230',
    'https://cdn.test/catalog/0.1.0-bbbbbbbbbb/static/js/812.4c1e.js:1:9120 in Xo',
  ]);

  expect(second).toHaveTextContent('prices is not iterable');
  expect(facts(second!).Screen).toBe('catalog/HomePage: a screen threw while the server rendered it');
  expect(second).toHaveTextContent('No stack was reported.');
});

test('what a page reported is shown as text, and a frame’s address is never a link', async () => {
  releases = [
    health('0.1.0-bbbbbbbbbb', 60, {
      errorGroups: [
        errorGroup({
          message: '<img src=x onerror="alert(1)"> is not a function',
          frames: [{ file: 'javascript:alert(1)', line: 1, column: 1 }],
        }),
      ],
    }),
  ];
  const catalog = await catalogErrors();
  const errors = within(catalog).getByRole('region', { name: 'catalog: top errors by release' });
  expect(within(errors).getByText('<img src=x onerror="alert(1)"> is not a function')).toBeInTheDocument();
  expect(errors.querySelector('img')).toBeNull();
  expect(within(errors).queryAllByRole('link')).toEqual([]);
  expect(within(errors).getByText(/^Thrown at/, { selector: 'summary' })).toHaveTextContent('Thrown at javascript:alert(1):1:1');
});

test('no error in the window says so', async () => {
  releases = [health('0.1.0-aaaaaaaaaa', 240, { errors: 0, errorGroups: [] })];
  renderDashboard(<ReleasesPage />, { path: '/dashboard/releases' });
  const catalog = await screen.findByRole('region', { name: 'catalog The car catalog' });
  const errors = await within(catalog).findByRole('region', { name: 'catalog: top errors by release' }, { timeout: 5_000 });
  expect(errors).toHaveTextContent('No errors were reported in this window.');
});
