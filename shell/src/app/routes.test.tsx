/**
 * @jest-environment ../jest/jsdom-with-fetch.cjs
 *
 * (Node's fetch: the remote registry reads /remotes.json and each manifest with it, and jsdom
 * has none. No test here lets a fetch leave: remotes, /remotes.json and manifests are stubbed.)
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Outlet } from 'react-router-dom';
import { getInstance, init, loadRemote } from '@module-federation/enhanced/runtime';
import { authStore, setSignedIn, setSignedOut, startIdentity } from '@usedcars/shared-auth';
import { IdentityDouble } from '@usedcars/shared-auth/testing';
import { RemoteErrorHandlerContext, connect, connection, type RemoteErrorHandler } from '@usedcars/federation';
import { startRemoteRegistry } from '@usedcars/federation/browser';
import { AppRoutes } from './routes';
import { PageServicesContext, createPageServices } from './services';
import { runtimeRegistry } from '@usedcars/federation/runtime';

/**
 * The shell's real route table. What leaves the machine is stubbed: loading a remote (its
 * manifest and scripts live on other servers) and fetching /remotes.json.
 */
jest.mock('@module-federation/enhanced/runtime', () => ({
  ...jest.requireActual('@module-federation/enhanced/runtime'),
  loadRemote: jest.fn(),
}));

// A shell screen (the 404) that throws while the test says so.
let mockShellScreenBroken = false;
jest.mock('../features/not-found/NotFoundPage', () => ({
  __esModule: true,
  default: () => {
    if (mockShellScreenBroken) throw new Error('The 404 picture returned nonsense');
    return <h1>Page not found</h1>;
  },
}));

type Module = { default: () => React.ReactNode };
const remotes: Record<string, () => Promise<Module>> = {};
jest.mocked(loadRemote).mockImplementation((id: string) => (remotes[id] ?? (() => Promise.reject(new Error(`no stub for ${id}`))))());

const shows = (text: string) => () => Promise.resolve({ default: () => <h1>{text}</h1> });
const throwsWhileShowing = (message: string) => () =>
  Promise.resolve({
    default: () => {
      throw new Error(message);
    },
  });
const unreachable = () => Promise.reject(new TypeError('Failed to fetch'));

function renderAt(path: string, onRemoteError?: RemoteErrorHandler) {
  return render(
    <RemoteErrorHandlerContext.Provider value={onRemoteError}>
      <PageServicesContext.Provider value={createPageServices()}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
        </MemoryRouter>
      </PageServicesContext.Provider>
    </RemoteErrorHandlerContext.Provider>,
  );
}

beforeAll(() => init({ name: 'shell', remotes: [] }));

beforeEach(() => {
  for (const id of Object.keys(remotes)) delete remotes[id];
  connect({ config: connection().config, session: connection().api, registry: runtimeRegistry() });
  setSignedOut();
  // React reports every error a boundary catches; these tests cause them on purpose.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

test('a remote screen that throws shows its error inside the layout: navigation and footer stay, focus on its heading, no Log out when signed out; it is reported', async () => {
  const reported = jest.fn();
  remotes['catalog/AboutPage'] = throwsWhileShowing('The about text returned nonsense');
  renderAt('/about', reported);
  const heading = await screen.findByRole('heading', { level: 1, name: 'This page could not be shown' });
  const area = screen.getByRole('region', { name: 'This page could not be shown' });
  expect(screen.getByRole('main')).toContainElement(area);
  expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  await waitFor(() => expect(heading).toHaveFocus());
  expect(area).toHaveTextContent('The about text returned nonsense');
  expect(within(area).getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  expect(within(area).queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
  expect(screen.queryByText(/is not available right now/)).not.toBeInTheDocument();
  // Reported once, as the remote's boundary saw it (React renders a throwing screen twice before giving up).
  expect(reported).toHaveBeenCalledTimes(1);
  expect(reported).toHaveBeenCalledWith(expect.objectContaining({ remote: 'catalog', module: 'catalog/AboutPage', kind: 'boundary' }));
});

test('Try again renders the screen afresh', async () => {
  let broken = true;
  remotes['catalog/BlogsPage'] = () =>
    Promise.resolve({
      default: () => {
        if (broken) throw new Error('The questions returned nonsense');
        return <h1>Question and Answer</h1>;
      },
    });
  renderAt('/blogs');
  const area = await screen.findByRole('region', { name: 'This page could not be shown' });
  broken = false;
  await userEvent.setup().click(within(area).getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { name: 'Question and Answer' })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'This page could not be shown' })).not.toBeInTheDocument();
});

test('a shell screen that throws shows the same error screen inside the layout', async () => {
  mockShellScreenBroken = true;
  renderAt('/no/such/page');
  const area = await screen.findByRole('region', { name: 'This page could not be shown' });
  expect(area).toHaveTextContent('The 404 picture returned nonsense');
  expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  mockShellScreenBroken = false;
  await userEvent.setup().click(within(area).getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
});

test("the error screen's Log out, for someone signed in, signs the person out and the route table shows the Login screen", async () => {
  const identity = new IdentityDouble();
  const signOut = jest.spyOn(identity, 'signOut');
  await startIdentity(async () => identity);
  setSignedIn({ uid: 'u1', email: 'bob@usedcars.test', displayName: 'Bob Buyer' }, 'Buyer');
  remotes['catalog/AboutPage'] = throwsWhileShowing('The about text returned nonsense');
  renderAt('/about');
  const area = await screen.findByRole('region', { name: 'This page could not be shown' });

  await userEvent.setup().click(within(area).getByRole('button', { name: 'Log out' }));

  expect(await screen.findByRole('heading', { name: 'Login' }, { timeout: 10000 })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'This page could not be shown' })).not.toBeInTheDocument();
  expect(signOut).toHaveBeenCalledTimes(1);
  expect(authStore.getState().status).toBe('signedOut');
});

test("the payment page throwing under /dashboard shows the dashboard route's error screen, inside the site's layout", async () => {
  setSignedIn({ uid: 'u1', email: 'bob@usedcars.test', displayName: 'Bob Buyer' }, 'Buyer');
  // The dashboard remote's frame, reduced to what the route table relies on: it shows the child screen.
  remotes['dashboard/DashboardLayout'] = () => Promise.resolve({ default: () => <Outlet /> });
  remotes['checkout/PaymentPage'] = throwsWhileShowing('The booking returned nonsense');
  renderAt('/Dashboard/payment/k1');
  const area = await screen.findByRole('region', { name: 'This page could not be shown' });
  expect(area).toHaveTextContent('The booking returned nonsense');
  expect(within(area).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
});

test('a remote that cannot be reached still gets the friendly fallback, and Try again brings it back', async () => {
  remotes['catalog/HomePage'] = unreachable;
  renderAt('/');
  const fallback = await screen.findByRole('alert');
  expect(fallback).toHaveTextContent('The car catalog is not available right now');
  expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  remotes['catalog/HomePage'] = shows('Find your next car');
  await userEvent.setup().click(within(fallback).getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { name: 'Find your next car' })).toBeInTheDocument();
});

test('while /remotes.json cannot be read the areas show the fallback; Try again reads it again, then the remote from its manifest', async () => {
  const remotesFile = { catalog: 'http://cdn.test/catalog/mf-manifest.json', dashboard: 'http://cdn.test/dashboard/mf-manifest.json' };
  const catalogManifest = { metaData: { globalName: 'catalog', publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } } };
  // Down at start-up and still down when the page first asks for the catalog; back up after.
  // Restored after the test (restoreAllMocks), so no later test meets this fake.
  const response = (body: unknown) => ({ ok: true, status: 200, json: async () => body }) as Response;
  const fetchFile = jest
    .spyOn(globalThis, 'fetch')
    .mockRejectedValueOnce(new TypeError('Failed to fetch'))
    .mockRejectedValueOnce(new TypeError('Failed to fetch'))
    .mockImplementation(async (url) => response(String(url).endsWith('mf-manifest.json') ? catalogManifest : remotesFile));
  // As the runtime does: a remote nobody registered cannot be loaded.
  const registered = (name: string) => getInstance()?.options.remotes.find((r) => r.name === name);
  remotes['catalog/BlogsPage'] = () => (registered('catalog') ? shows('Question and Answer')() : Promise.reject(new Error('catalog is not registered')));

  const pageRemotes = startRemoteRegistry();
  connect({ config: connection().config, session: connection().api, registry: pageRemotes.registry });
  await expect(pageRemotes.ready).rejects.toThrow('Failed to fetch');
  renderAt('/blogs');
  const fallback = await screen.findByRole('alert');
  expect(fallback).toHaveTextContent('The car catalog is not available right now');

  await userEvent.setup().click(within(fallback).getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { name: 'Question and Answer' })).toBeInTheDocument();
  expect(fetchFile.mock.calls.map(([url]) => String(url))).toEqual([
    '/remotes.json',
    '/remotes.json',
    '/remotes.json',
    'http://cdn.test/catalog/mf-manifest.json',
  ]);
  // Registered from its manifest: the entry script beside it. The dashboard, not shown, was not fetched.
  expect(registered('catalog')).toMatchObject({ entry: 'http://cdn.test/catalog/remoteEntry.js', type: 'global', entryGlobalName: 'catalog' });
  expect(registered('dashboard')).toBeUndefined();
});
