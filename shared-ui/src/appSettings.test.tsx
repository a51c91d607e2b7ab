import { act, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { AppToaster, QUERY_RETRIES, createQueryClient, queryRetryDelay, retryUnlessRefused } from './appSettings';
import { isRefusal } from './isRefusal';

/** Configured once: 3 retries with back-off up to 30 s, 5 minutes of cache (docs/product.md, "Limits and timings"). */
test('outages are retried three times with a back-off capped at 30 s; the cache keeps 5 minutes', () => {
  const outage = Object.assign(new Error('Bad gateway'), { status: 502 });
  const unreachable = new Error('We could not reach the Used Cars server');
  expect([0, 1, 2, 3].map((n) => retryUnlessRefused(n, outage))).toEqual([true, true, true, false]);
  expect([0, 1, 2, 3].map((n) => retryUnlessRefused(n, unreachable))).toEqual([true, true, true, false]);
  expect(QUERY_RETRIES).toBe(3);
  expect([0, 1, 2, 10].map(queryRetryDelay)).toEqual([1000, 2000, 4000, 30_000]);
  const defaults = createQueryClient().getDefaultOptions().queries;
  expect(defaults?.gcTime).toBe(5 * 60 * 1000);
  expect(defaults?.retry).toBe(retryUnlessRefused);
});

test('a refusal (4xx) is shown at once: it would respond the same on every retry', () => {
  for (const status of [400, 401, 403, 404, 409]) {
    const refusal = Object.assign(new Error('refused'), { status });
    expect(isRefusal(refusal)).toBe(true);
    expect(retryUnlessRefused(0, refusal)).toBe(false);
  }
  // An outage or an unreachable server is not a refusal: retrying (or Try again) may help.
  expect(isRefusal(Object.assign(new Error('Bad gateway'), { status: 502 }))).toBe(false);
  expect(isRefusal(new Error('We could not reach the Used Cars server'))).toBe(false);
  expect(isRefusal(null)).toBe(false);
});

/**
 * What a person sees of the product's toasts on the page's AppToaster, whichever of our config or
 * react-hot-toast's defaults provides it. (2.6.1's defaults equal the product's figures, so these pass
 * with AppToaster's toastOptions deleted too: they hold the behaviour, not who configures it,
 * and catch a library upgrade that changes what is not configurable, like the 20.)
 */
describe("the toasts as a person sees them (our config or the library's defaults)", () => {
  beforeEach(() => jest.useFakeTimers());

  afterEach(() => {
    act(() => toast.remove());
    jest.useRealTimers();
  });

  // A dismissed toast leaves after its exit animation (react-hot-toast's removeDelay), timed from
  // the render that dismissed it: hence the separate steps.
  const EXIT_MS = 1000;

  const wait = (ms: number) => act(() => jest.advanceTimersByTime(ms));
  const expireAndLeave = () => {
    wait(1);
    wait(EXIT_MS);
  };

  test('a toast shows for 4 seconds, a success for 2', () => {
    render(<AppToaster />);
    act(() => {
      toast('Saved as draft');
      toast.success('BOOKING CONFIRMED');
    });
    expect(screen.getByText('Saved as draft')).toBeInTheDocument();
    expect(screen.getByText('BOOKING CONFIRMED')).toBeInTheDocument();

    wait(1999);
    expect(screen.getByText('BOOKING CONFIRMED')).toBeInTheDocument();
    expireAndLeave();
    expect(screen.queryByText('BOOKING CONFIRMED')).not.toBeInTheDocument();
    expect(screen.getByText('Saved as draft')).toBeInTheDocument();

    wait(3999 - 2000 - EXIT_MS);
    expect(screen.getByText('Saved as draft')).toBeInTheDocument();
    expireAndLeave();
    expect(screen.queryByText('Saved as draft')).not.toBeInTheDocument();
  });

  test('a loading toast stays until it is dismissed', () => {
    render(<AppToaster />);
    let id = '';
    act(() => {
      id = toast.loading('Paying…');
    });
    wait(60 * 60_000);
    expect(screen.getByText('Paying…')).toBeInTheDocument();
    act(() => toast.dismiss(id));
    wait(EXIT_MS);
    expect(screen.queryByText('Paying…')).not.toBeInTheDocument();
  });

  test('at most 20 toasts are kept: the newest', () => {
    render(<AppToaster />);
    act(() => {
      for (let n = 1; n <= 25; n += 1) toast(`Toast ${n}`);
    });
    expect(screen.getAllByText(/^Toast \d+$/)).toHaveLength(20);
    expect(screen.getByText('Toast 25')).toBeInTheDocument();
    expect(screen.getByText('Toast 6')).toBeInTheDocument();
    expect(screen.queryByText('Toast 5')).not.toBeInTheDocument();
  });
});
