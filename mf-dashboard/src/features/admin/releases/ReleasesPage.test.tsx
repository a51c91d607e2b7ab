/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NO_RESPONSE, FAKE_TOKEN, fakeApi, type FakeResponse } from '@usedcars/shared-api/testing';
import type { DeployToken, DeployTokenInput, LiveSet, Release } from '@usedcars/shared-contract';
import { AppToaster } from '@usedcars/shared-ui/appSettings';
import { renderDashboard, signInAs } from '../../../testing/renderDashboard';
import { health, release, withoutLayout } from '../../../testing/releases';
import ReleasesPage from './ReleasesPage';

// Each remote's section renders in slices after its reads: on a loaded machine, more than the suite's usual waits.
configure({ asyncUtilTimeout: 15_000 });
jest.setTimeout(60_000);

const api = fakeApi();
// jsdom has no canvas; the browser suite renders the real chart.
jest.mock('uplot', () => jest.fn().mockImplementation(() => ({ setSize: jest.fn(), destroy: jest.fn() })));
withoutLayout();

let live: LiveSet;
let catalogHistory: Release[];
let tokens: DeployToken[];

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

beforeEach(() => {
  jest.clearAllMocks();
  document.cookie = 'release_pin=; Path=/; Max-Age=0';
  signInAs('admin');
  live = {
    remotes: {
      catalog: {
        live: { version: '0.1.0-aaaaaaaaaa', manifestUrl: 'x' },
        canary: { version: '0.1.0-bbbbbbbbbb', manifestUrl: 'y', share: 10 },
      },
    },
  };
  catalogHistory = [
    release({ version: '0.1.0-bbbbbbbbbb', status: 'canary', share: 10, createdAt: '2026-11-25T10:05:00.000Z', releasedBy: 'ops@usedcars.test' }),
    release({}),
    release({ version: '0.1.0-cccccccccc', status: 'rolled_back', reason: 'automatic: error rate 12 % over 5 %', commit: null }),
  ];
  tokens = [{ id: 't1', name: 'Catalog team', remote: 'catalog', createdBy: 'ada@usedcars.test', createdAt: '2026-11-20T08:00:00.000Z', revokedAt: null }];
  api.reply('GET', '/releases/live', () => ({ status: 200, body: live }));
  api.reply('GET', '/releases', ({ query }) => ({ status: 200, body: query.remote === 'catalog' ? catalogHistory : [] }));
  api.reply('GET', '/telemetry/summary', ({ query: { remote, since } }) => ({
    status: 200,
    body: { remote, since, releases: remote === 'catalog' ? [health('0.1.0', 110)] : [] },
  }));
  api.reply('GET', '/deploy-tokens', () => ({ status: 200, body: tokens }));
});

test('each remote shows its live release, its canary and share, its history with reasons, and its health in numbers and words', async () => {
  renderDashboard(<ReleasesPage />, { path: '/dashboard/releases' });
  const catalog = await screen.findByRole('region', { name: 'catalog The car catalog' });
  expect(document.title).toBe('Dashboard - Releases');
  await waitFor(() => expect(within(catalog).getByText('0.1.0-bbbbbbbbbb', { selector: 'dd code' })).toBeInTheDocument());
  expect(within(catalog).getByText('Live', { selector: 'dt' }).nextElementSibling).toHaveTextContent('0.1.0-aaaaaaaaaa');
  expect(within(catalog).getByText('Canary', { selector: 'dt' }).nextElementSibling).toHaveTextContent('0.1.0-bbbbbbbbbb for 10 % of visitors');
  const checkout = await screen.findByRole('region', { name: 'checkout Checkout' });
  expect(within(checkout).getByText('Live', { selector: 'dt' }).nextElementSibling).toHaveTextContent('No release yet: the baseline set (remotes.json)');
  expect(await within(checkout).findByText('No release of checkout is registered: it runs the baseline set.')).toBeInTheDocument();

  const history = await within(catalog).findByRole('table', { name: 'catalog releases' });
  // The live set is public; the registry's history is read with the admin's token, 100 at most.
  expect(api.sent('GET', '/releases/live')[0]?.headers.authorization).toBeUndefined();
  expect(api.sent('GET', '/releases').find((sent) => sent.query.remote === 'catalog')).toMatchObject({
    query: { remote: 'catalog', limit: '100' },
    headers: { authorization: `Bearer ${FAKE_TOKEN}` },
  });
  const rows = within(history).getAllByRole('row').slice(1);
  expect(cells(rows[0]!)).toEqual(['0.1.0-bbbbbbbbbb', expect.stringMatching(/Nov 25, 2026/), 'ops@usedcars.test', '3f2a9c81d0e4', 'canary 10 %', 'Pin']);
  expect(cells(rows[1]!)[4]).toBe('live');
  expect(cells(rows[2]!)).toEqual([
    '0.1.0-cccccccccc',
    expect.any(String),
    'Catalog team (catalog token)',
    '—',
    'rolled backautomatic: error rate 12 % over 5 %',
    'Pin',
  ]);

  const healthTable = await within(catalog).findByRole('table', { name: 'catalog health by release' });
  expect(cells(within(healthTable).getAllByRole('row')[1]!)).toEqual(['0.1.0', '110', '2.7 % (3)', '1,800 ms', '120 ms', '0.02', '2 of 50']);
  expect(within(catalog).getByText(/catalog: page views per minute\. 0\.1\.0: 110 in all, at most 100/)).toBeInTheDocument();
  expect(within(catalog).queryByRole('table', { name: 'catalog page views per minute' })).not.toBeInTheDocument();
  await userEvent.setup().click(within(catalog).getByText('Page views per minute as a table'));
  expect(await within(catalog).findByRole('table', { name: 'catalog page views per minute' })).toBeInTheDocument();
  expect(await within(checkout).findByText('No page views or renders of checkout were reported in this window.')).toBeInTheDocument();
  const since = api.sent('GET', '/telemetry/summary').find((sent) => sent.query.remote === 'catalog')?.query.since;
  expect(new Date(since ?? '').getTime()).toBeLessThan(Date.now());
  // Each read once: the sections shown under the first reads do not ask for them all again.
  expect(api.sent('GET', '/releases/live')).toHaveLength(1);
  expect(api.sent('GET', '/deploy-tokens')).toHaveLength(1);
  expect(api.sent('GET', '/telemetry/summary').filter((sent) => sent.query.remote === 'catalog')).toHaveLength(1);
  expect(api.sent('GET', '/releases').filter((sent) => sent.query.remote === 'catalog')).toHaveLength(1);
});

test('the heading comes at once, and each remote is shown once its own reads are in, whatever another remote waits for', async () => {
  let letGo: (response: FakeResponse) => void = () => {};
  const held = new Promise<FakeResponse>((resolve) => (letGo = resolve));
  api.reply('GET', '/releases', ({ query }) => (query.remote === 'catalog' ? held : { status: 200, body: [] }));
  renderDashboard(<ReleasesPage />, { path: '/dashboard/releases' });
  expect(screen.getByRole('heading', { level: 1, name: 'Releases' })).toBeInTheDocument();

  const checkout = await screen.findByRole('region', { name: 'checkout Checkout' });
  expect(within(checkout).getByText('Live', { selector: 'dt' }).nextElementSibling).toHaveTextContent('No release yet: the baseline set (remotes.json)');
  expect(screen.getByRole('region', { name: 'dashboard The dashboard' })).toBeInTheDocument();
  expect(screen.getByText('Loading the releases of catalog…')).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'catalog The car catalog' })).not.toBeInTheDocument();

  letGo({ status: 200, body: catalogHistory });
  const catalog = await screen.findByRole('region', { name: 'catalog The car catalog' });
  expect(await within(catalog).findByRole('table', { name: 'catalog releases' })).toBeInTheDocument();
  expect(screen.queryByText('Loading the releases of catalog…')).not.toBeInTheDocument();
});

test('what every remote reads is still on its way: the heading, and a loading status per remote', async () => {
  api.reply('GET', '/releases/live', NO_RESPONSE);
  renderDashboard(<ReleasesPage />, { path: '/dashboard/releases' });
  expect(screen.getByRole('heading', { level: 1, name: 'Releases' })).toBeInTheDocument();
  for (const remote of ['catalog', 'dashboard', 'checkout']) expect(await screen.findByText(`Loading the releases of ${remote}…`)).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'catalog The car catalog' })).not.toBeInTheDocument();
  expect(await screen.findByRole('region', { name: 'Deploy tokens' })).toBeInTheDocument();
});

test('promoting asks first, then the canary is live; a refused rollback keeps the dialog with the reason typed', async () => {
  const user = userEvent.setup();
  api.reply('POST', '/releases/catalog/promote', () => {
    live = { remotes: { catalog: { live: { version: '0.1.0-bbbbbbbbbb', manifestUrl: 'y' }, canary: null } } };
    return { status: 200, body: catalogHistory[0]! };
  });
  renderDashboard(
    <>
      <ReleasesPage />
      <AppToaster />
    </>,
    { path: '/dashboard/releases' },
  );
  const catalog = await screen.findByRole('region', { name: 'catalog The car catalog' });
  await user.click(await within(catalog).findByRole('button', { name: 'Promote canary 0.1.0-bbbbbbbbbb of catalog' }));
  const dialog = screen.getByRole('dialog', { name: 'Promote catalog 0.1.0-bbbbbbbbbb?' });
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  await user.click(within(dialog).getByRole('button', { name: 'Promote' }));
  expect(await screen.findByText('catalog 0.1.0-bbbbbbbbbb is live for everyone')).toBeInTheDocument();
  expect(api.sent('POST', '/releases/catalog/promote')).toHaveLength(1);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(within(catalog).getByText('Canary', { selector: 'dt' }).nextElementSibling).toHaveTextContent('None');
  expect(within(catalog).getByText('Live', { selector: 'dt' }).nextElementSibling).toHaveTextContent('0.1.0-bbbbbbbbbb');

  api.reply('POST', '/releases/catalog/rollback', 409, { message: 'catalog has no release live before this one to go back to' });
  await user.click(within(catalog).getByRole('button', { name: 'Roll back catalog' }));
  const rollback = screen.getByRole('dialog', { name: 'Roll back catalog' });
  await user.click(within(rollback).getByRole('button', { name: 'Roll back' }));
  // The form's schemas arrive with the dialog, a moment after it opens.
  await waitFor(() => expect(within(rollback).getByLabelText('Reason')).toHaveAccessibleDescription(/Reason is required/));
  expect(api.sent('POST', '/releases/catalog/rollback')).toEqual([]);
  await user.type(within(rollback).getByLabelText('Reason'), 'prices render as NaN');
  await user.click(within(rollback).getByRole('button', { name: 'Roll back' }));
  await waitFor(() => expect(within(rollback).getByRole('alert')).toHaveTextContent('no release live before'));
  expect(api.sent('POST', '/releases/catalog/rollback').map((sent) => sent.body)).toEqual([{ reason: 'prices render as NaN' }]);
  expect(within(rollback).getByLabelText('Reason')).toHaveValue('prices render as NaN');
});

test('the rollback dialog names the release that was live before, never a canary that never was', async () => {
  const user = userEvent.setup();
  live = { remotes: { catalog: { live: { version: '0.1.0-dddddddddd', manifestUrl: 'z' }, canary: null } } };
  catalogHistory = [
    release({ version: '0.1.0-dddddddddd', status: 'live', liveAt: '2026-11-26T09:00:00.000Z', createdAt: '2026-11-26T08:00:00.000Z' }),
    release({ version: '0.1.0-cccccccccc', status: 'retired', liveAt: null, createdAt: '2026-11-25T12:00:00.000Z' }),
    release({ version: '0.1.0-aaaaaaaaaa', status: 'retired', liveAt: '2026-11-24T09:00:00.000Z' }),
  ];
  renderDashboard(<ReleasesPage />, { path: '/dashboard/releases' });
  const catalog = await screen.findByRole('region', { name: 'catalog The car catalog' });
  await within(catalog).findByRole('table', { name: 'catalog releases' });
  await user.click(within(catalog).getByRole('button', { name: 'Roll back catalog' }));
  expect(screen.getByRole('dialog', { name: 'Roll back catalog' })).toHaveTextContent('0.1.0-aaaaaaaaaa goes live again.');
});

test("the canary's share takes 1–99 only", async () => {
  const user = userEvent.setup();
  api.reply('PUT', '/releases/catalog/canary', ({ body }) => {
    live.remotes.catalog!.canary!.share = (body as { share: number }).share;
    return { status: 200, body: catalogHistory[0]! };
  });
  renderDashboard(<ReleasesPage />, { path: '/dashboard/releases' });
  const share = await screen.findByRole('spinbutton', { name: 'catalog canary share (%)' });
  await user.clear(share);
  await user.type(share, '150');
  await user.click(screen.getByRole('button', { name: 'Change share' }));
  await waitFor(() => expect(share).toHaveAccessibleDescription('Give a whole number of percent from 1 to 99'));
  expect(api.sent('PUT', '/releases/catalog/canary')).toEqual([]);
  await user.clear(share);
  await user.type(share, '25');
  await user.click(screen.getByRole('button', { name: 'Change share' }));
  const catalog = screen.getByRole('region', { name: 'catalog The car catalog' });
  await waitFor(() => expect(within(catalog).getByText('Canary', { selector: 'dt' }).nextElementSibling).toHaveTextContent('for 25 % of visitors'));
  expect(api.sent('PUT', '/releases/catalog/canary').map((sent) => sent.body)).toEqual([{ share: 25 }]);
});

test('pinning this browser keeps a pin cookie and says so; Unpin forgets it', async () => {
  const user = userEvent.setup();
  api.reply('POST', '/releases/pin', 201, { pin: 'body.mac', remote: 'catalog', version: '0.1.0-bbbbbbbbbb', expiresAt: '2099-01-01T00:00:00.000Z' });
  api.reply('GET', '/releases/pins', 200, { remote: 'catalog', version: '0.1.0-bbbbbbbbbb', manifestUrl: 'y' });
  renderDashboard(<ReleasesPage />, { path: '/dashboard/releases' });
  await user.click(await screen.findByRole('button', { name: 'Pin my browser to catalog 0.1.0-bbbbbbbbbb' }));
  expect(await screen.findByText(/This browser is pinned to catalog/)).toHaveTextContent('0.1.0-bbbbbbbbbb');
  expect(document.cookie).toContain('release_pin=body.mac');
  expect(api.sent('POST', '/releases/pin').map((sent) => sent.body)).toEqual([{ remote: 'catalog', version: '0.1.0-bbbbbbbbbb' }]);
  expect(api.sent('GET', '/releases/pins').map((sent) => sent.query)).toContainEqual({ pin: 'body.mac' });
  await user.click(screen.getAllByRole('button', { name: 'Unpin catalog 0.1.0-bbbbbbbbbb' })[0]!);
  await waitFor(() => expect(screen.queryByText(/This browser is pinned/)).not.toBeInTheDocument());
  expect(document.cookie).not.toContain('release_pin=body.mac');
});

test('a deploy token is shown once after it is created, with Copy; revoking asks first and the row reads Revoked', async () => {
  const user = userEvent.setup();
  api.reply('POST', '/deploy-tokens', ({ body }) => {
    const { name, remote } = body as DeployTokenInput;
    const token = { id: 't2', name, remote, createdBy: 'dana@usedcars.test', createdAt: '2026-11-26T08:00:00.000Z', revokedAt: null };
    tokens = [...tokens, token];
    return { status: 201, body: { ...token, token: 'ucd_secret-token' } };
  });
  api.reply('DELETE', '/deploy-tokens/t2', () => {
    tokens = tokens.map((token) => (token.id === 't2' ? { ...token, revokedAt: '2026-11-26T09:00:00.000Z' } : token));
    return { status: 200, body: tokens.find((token) => token.id === 't2')! };
  });
  renderDashboard(<ReleasesPage />, { path: '/dashboard/releases' });
  const section = await screen.findByRole('region', { name: 'Deploy tokens' });
  await user.click(within(section).getByRole('button', { name: 'Create token' }));
  await waitFor(() => expect(within(section).getByLabelText('Token name')).toHaveAccessibleDescription(/Name is required/));
  await user.type(within(section).getByLabelText('Token name'), 'Checkout team');
  await user.selectOptions(within(section).getByLabelText('Releases remote'), 'checkout');
  await user.click(within(section).getByRole('button', { name: 'Create token' }));
  const shown = await within(section).findByRole('status');
  expect(api.sent('POST', '/deploy-tokens').map((sent) => sent.body)).toEqual([{ name: 'Checkout team', remote: 'checkout' }]);
  expect(shown).toHaveTextContent('Copy it now: it is not shown again.');
  expect(within(shown).getByLabelText('Deploy token Checkout team')).toHaveTextContent('ucd_secret-token');
  await user.click(within(shown).getByRole('button', { name: 'Copy token' }));
  await expect(navigator.clipboard.readText()).resolves.toBe('ucd_secret-token');

  const table = within(section).getByRole('table', { name: 'Tokens issued' });
  await user.click(await within(table).findByRole('button', { name: 'Revoke Checkout team' }));
  const dialog = screen.getByRole('dialog', { name: 'Revoke Checkout team?' });
  await user.click(within(dialog).getByRole('button', { name: 'Revoke token' }));
  await waitFor(() => expect(within(table).getAllByRole('row')[2]).toHaveTextContent(/Revoked Nov 26, 2026/));
  expect(api.sent('DELETE', '/deploy-tokens/t2')).toHaveLength(1);
  expect(within(table).queryByRole('button', { name: 'Revoke Checkout team' })).not.toBeInTheDocument();
});

test('the screen is not for a seller; a registry that cannot be read says so', async () => {
  signInAs('Seller');
  const { unmount } = renderDashboard(<ReleasesPage />, { path: '/dashboard/releases' });
  expect(screen.getByText('Only the admin manages releases.')).toBeInTheDocument();
  expect(api.requests).toEqual([]);
  unmount();
  signInAs('admin');
  api.reply('GET', '/releases', 503, { message: 'The database is not responding' });
  renderDashboard(<ReleasesPage />, { path: '/dashboard/releases' });
  expect(await screen.findByText('We could not load catalog releases.')).toBeInTheDocument();
});
