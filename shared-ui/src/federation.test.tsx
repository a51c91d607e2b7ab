import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component, type ReactNode } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { ModuleId } from '@usedcars/shared-contract';
import { RemoteErrorHandlerContext, connect, connection, type RemoteErrorHandler } from '@usedcars/federation';
import { RemoteComponent } from './federation';
import { runtimeRegistry } from '@usedcars/federation/runtime';

// Loading a remote fetches its manifest and scripts from another server: the edge of these tests.
jest.mock('@module-federation/enhanced/runtime', () => ({
  ...jest.requireActual('@module-federation/enhanced/runtime'),
  loadRemote: jest.fn(),
}));
const load = jest.mocked(loadRemote);

/** Stands in for the shell's route error boundary. */
class RouteError extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return <p role="alert">Route error: {error instanceof Error ? error.message : String(error)}</p>;
  }
}

function renderRemote(id: Exclude<ModuleId, 'checkout/BookingDialog' | 'catalog/BrandListPage' | 'catalog/CarDetailPage'> = 'catalog/HomePage') {
  return render(
    <RouteError>
      <RemoteComponent id={id} props={{}} />
    </RouteError>,
  );
}

const screenModule = (text: string) => ({ default: () => <h1>{text}</h1> });

beforeEach(() => {
  load.mockReset();
  connect({ config: connection().config, session: connection().api, registry: runtimeRegistry() });
  // React reports every caught error on the console; these tests cause them on purpose.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

test('a remote that cannot be fetched shows a friendly fallback for its area; Try again fetches it afresh', async () => {
  load.mockRejectedValueOnce(new Error('Failed to fetch http://localhost:3001/mf-manifest.json')).mockResolvedValueOnce(screenModule('Home'));
  renderRemote();
  const fallback = await screen.findByRole('alert');
  expect(within(fallback).getByRole('heading', { name: 'The car catalog is not available right now' })).toBeInTheDocument();
  expect(screen.queryByText(/Route error/)).not.toBeInTheDocument();
  await userEvent.setup().click(within(fallback).getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
});

test("a remote's chunk that cannot be fetched is the same outage: the friendly fallback", async () => {
  const chunkFailure = Object.assign(new Error('Loading chunk 412 failed.'), { name: 'ChunkLoadError' });
  load.mockResolvedValue({
    default: () => {
      throw chunkFailure;
    },
  });
  renderRemote('checkout/PaymentPage');
  expect(await screen.findByRole('heading', { name: 'Checkout is not available right now' })).toBeInTheDocument();
});

test('a screen that loaded and then throws is a route error, not "not available"', async () => {
  load.mockResolvedValue({
    default: () => {
      throw new Error('Cannot read properties of undefined');
    },
  });
  renderRemote('dashboard/DashboardHome');
  expect(await screen.findByRole('alert')).toHaveTextContent('Route error: Cannot read properties of undefined');
  expect(screen.queryByText(/is not available right now/)).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
});

test('when registering the remotes failed, Try again registers them before loading', async () => {
  let registered = false;
  const register = jest.fn(async () => {
    if (register.mock.calls.length === 1) throw new Error('remotes.json responded with 503');
    registered = true;
  });
  connect({ config: connection().config, session: connection().api, registry: runtimeRegistry(register) });
  load.mockImplementation(async () => {
    if (!registered) throw new Error('catalog is not registered');
    return screenModule('Home');
  });
  renderRemote();
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  expect(register).toHaveBeenCalledTimes(2);
});

test("the page's handler is told what a remote's boundary catches, once each: a remote that could not be fetched, a screen that threw", async () => {
  const reports: Array<{ remote: string; module: string; kind: string }> = [];
  const onError: RemoteErrorHandler = ({ remote, module, kind }) => void reports.push({ remote, module, kind });
  load.mockRejectedValueOnce(new Error('Failed to fetch http://localhost:3001/mf-manifest.json'));
  const outage = render(
    <RemoteErrorHandlerContext.Provider value={onError}>
      <RemoteComponent id="catalog/HomePage" props={{}} />
    </RemoteErrorHandlerContext.Provider>,
  );
  await screen.findByRole('alert');
  outage.unmount();
  load.mockResolvedValueOnce({
    default: () => {
      throw new Error('the screen broke');
    },
  });
  render(
    <RemoteErrorHandlerContext.Provider value={onError}>
      <RouteError>
        <RemoteComponent id="checkout/PaymentPage" props={{}} />
      </RouteError>
    </RemoteErrorHandlerContext.Provider>,
  );
  expect(await screen.findByText('Route error: the screen broke')).toBeInTheDocument();
  expect(reports).toEqual([
    { remote: 'catalog', module: 'catalog/HomePage', kind: 'load' },
    { remote: 'checkout', module: 'checkout/PaymentPage', kind: 'boundary' },
  ]);
});
