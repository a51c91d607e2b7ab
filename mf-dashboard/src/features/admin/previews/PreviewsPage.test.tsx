/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HANG_UP, FAKE_TOKEN, fakeApi } from '@usedcars/shared-api/testing';
import type { PreviewLink } from '@usedcars/shared-contract';
import { AppToaster } from '@usedcars/shared-ui/appSettings';
import { renderDashboard, signInAs } from '../../../testing/renderDashboard';
import { health } from '../../../testing/releases';
import PreviewsPage from './PreviewsPage';
import { tableCells } from '../../../testing/tableCells';

const api = fakeApi();

const DAY = 86_400_000;
const link = (overrides: Partial<PreviewLink>): PreviewLink => ({
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'release',
  remote: 'catalog',
  version: '0.3.0-5be1c0a9f2',
  url: null,
  createdBy: 'Catalog team (catalog token)',
  createdAt: new Date(Date.now() - DAY).toISOString(),
  // Six days and a bit left: the screen never promises more than is left.
  expiresAt: new Date(Date.now() + 6 * DAY + 3_600_000).toISOString(),
  claimedAt: null,
  withdrawnAt: null,
  withdrawnBy: null,
  ...overrides,
});

let links: PreviewLink[];

beforeEach(() => {
  signInAs('admin');
  links = [
    link({}),
    link({ id: '00000000-0000-4000-8000-000000000002', remote: 'checkout', version: '0.2.0-aaaaaaaaaa', createdBy: 'ada@usedcars.test' }),
    link({
      id: '00000000-0000-4000-8000-000000000003',
      kind: 'local',
      version: null,
      url: 'http://localhost:3001/mf-manifest.json',
      claimedAt: new Date().toISOString(),
      expiresAt: new Date(Date.now() + 5 * 3_600_000 + 60_000).toISOString(),
    }),
  ];
  api.reply('GET', '/previews', () => ({ status: 200, body: links.filter((row) => !row.withdrawnAt) }));
  api.reply('GET', '/telemetry/summary', ({ query: { remote, since } }) => ({
    status: 200,
    // The catalog's preview has visitors; the live release's numbers beside it are not the preview's.
    body: {
      remote,
      since,
      releases: remote === 'catalog' ? [health('0.1.0-live', 900), health('0.3.0-5be1c0a9f2', 12, { errors: 1, errorRate: 1 / 12 })] : [],
    },
  }));
});

test("every live link with its remote, version, maker and expiry, and each preview's own numbers or No visits yet", async () => {
  renderDashboard(<PreviewsPage />, { path: '/dashboard/previews' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Preview links' })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: 'Live preview links' });
  expect(document.title).toBe('Dashboard - Preview links');
  await waitFor(() => expect(tableCells(table)[0]?.[4]).toMatch(/^12 page views/));
  await waitFor(() => expect(tableCells(table)[1]?.[4]).toBe('No visits yet'));
  expect(tableCells(table)).toEqual([
    [
      'catalog',
      '0.3.0-5be1c0a9f2',
      expect.stringMatching(/^Catalog team \(catalog token\)\w{3} \d+, 2\d{3}/),
      'in 6 days',
      '12 page views1 error (8.3 %)p75 LCP 1,800 msp75 INP 120 msp75 CLS 0.02',
      'Withdraw',
    ],
    ['checkout', '0.2.0-aaaaaaaaaa', expect.stringMatching(/^ada@usedcars\.test/), 'in 6 days', 'No visits yet', 'Withdraw'],
    [
      'catalog',
      'Dev server http://localhost:3001/mf-manifest.jsonKept by the browser that opened it',
      expect.any(String),
      'in 5 hours',
      'None: pages from a dev server report nothing',
      'Withdraw',
    ],
  ]);
  // Read with the admin's token; each linked release's numbers since its oldest live link, to the minute.
  expect(api.sent('GET', '/previews')[0]?.headers.authorization).toBe(`Bearer ${FAKE_TOKEN}`);
  const catalogSince = api.sent('GET', '/telemetry/summary').find((sent) => sent.query.remote === 'catalog')?.query.since ?? '';
  expect(Date.parse(links[0]!.createdAt) - Date.parse(catalogSince)).toBeGreaterThanOrEqual(0);
  expect(Date.parse(links[0]!.createdAt) - Date.parse(catalogSince)).toBeLessThan(60_000);
  expect(
    api
      .sent('GET', '/telemetry/summary')
      .map((sent) => sent.query.remote)
      .sort(),
  ).toEqual(['catalog', 'checkout']);
});

test('Withdraw asks first, Cancel keeps the link; confirmed, the link leaves the list and the admin is told', async () => {
  const user = userEvent.setup();
  api.reply('DELETE', `/previews/${links[1]!.id}`, () => {
    links[1]!.withdrawnAt = new Date().toISOString();
    return { status: 200, body: links[1] };
  });
  renderDashboard(
    <>
      <PreviewsPage />
      <AppToaster />
    </>,
    { path: '/dashboard/previews' },
  );
  const table = await screen.findByRole('table', { name: 'Live preview links' });
  const withdraw = within(table).getByRole('button', { name: 'Withdraw the checkout 0.2.0-aaaaaaaaaa link made by ada@usedcars.test' });
  await user.click(withdraw);
  let dialog = screen.getByRole('dialog', { name: 'Withdraw the link to checkout 0.2.0-aaaaaaaaaa?' });
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(api.sent('DELETE', `/previews/${links[1]!.id}`)).toEqual([]);

  await user.click(withdraw);
  dialog = screen.getByRole('dialog', { name: 'Withdraw the link to checkout 0.2.0-aaaaaaaaaa?' });
  expect(dialog).toHaveTextContent('gets the site as everyone gets it from their next page, with a notice that the preview has ended');
  await user.click(within(dialog).getByRole('button', { name: 'Withdraw link' }));
  expect(await screen.findByText('The link to checkout 0.2.0-aaaaaaaaaa is withdrawn')).toBeInTheDocument();
  await waitFor(() => expect(within(table).queryByText('0.2.0-aaaaaaaaaa')).not.toBeInTheDocument());
  expect(tableCells(table).map((row) => row[0])).toEqual(['catalog', 'catalog']);
  expect(api.sent('DELETE', `/previews/${links[1]!.id}`)[0]?.headers.authorization).toBe(`Bearer ${FAKE_TOKEN}`);
});

test("a refused withdrawal stays in the dialog with the API's words, and the link stays listed", async () => {
  const user = userEvent.setup();
  api.reply('DELETE', `/previews/${links[0]!.id}`, 403, { message: 'Only admin accounts can withdraw preview links' });
  renderDashboard(<PreviewsPage />, { path: '/dashboard/previews' });
  const table = await screen.findByRole('table', { name: 'Live preview links' });
  await user.click(within(table).getByRole('button', { name: /^Withdraw the catalog 0\.3\.0-5be1c0a9f2 link/ }));
  const dialog = screen.getByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: 'Withdraw link' }));
  await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Only admin accounts can withdraw preview links'));
  expect(within(table).getByText('0.3.0-5be1c0a9f2')).toBeInTheDocument();
});

test('no live link: the empty state; the list unreadable: an error with Retry; numbers unreadable: said in the row', async () => {
  const user = userEvent.setup();
  links = [];
  const { unmount } = renderDashboard(<PreviewsPage />, { path: '/dashboard/previews' });
  expect(await screen.findByText(/^No live preview links\./)).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  unmount();

  let reachable = false;
  links = [link({})];
  api.reply('GET', '/previews', () => (reachable ? { status: 200, body: links } : HANG_UP));
  api.reply('GET', '/telemetry/summary', 500, { message: 'The database is not reachable' });
  renderDashboard(<PreviewsPage />, { path: '/dashboard/previews' });
  expect(await screen.findByText('We could not load live preview links.')).toBeInTheDocument();
  reachable = true;
  await user.click(screen.getByRole('button', { name: /Retry/ }));
  const table = await screen.findByRole('table', { name: 'Live preview links' });
  expect(await within(table).findByText('We could not read its numbers.')).toBeInTheDocument();
});

test('a seller or a buyer is told the screen is the admin’s, and nothing is read', async () => {
  for (const role of ['Seller', 'Buyer'] as const) {
    signInAs(role);
    const { unmount } = renderDashboard(<PreviewsPage />, { path: '/dashboard/previews' });
    expect(await screen.findByText('Only the admin manages preview links.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    unmount();
  }
  expect(api.sent('GET', '/previews')).toEqual([]);
});
