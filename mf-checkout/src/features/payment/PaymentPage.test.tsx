/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { setTimeout as realDelay } from 'node:timers/promises';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import toast, { Toaster } from 'react-hot-toast';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { loadStripe } from '@stripe/stripe-js';
import { setSignedIn } from '@usedcars/shared-auth';
import { HANG_UP, FAKE_TOKEN, fakeApi, type FakeResponse } from '@usedcars/shared-api/testing';
import { noticeFrom, type Booking } from '@usedcars/shared-contract';
import { PRICE_MAX } from '@usedcars/shared-contract';
import { theme } from '@usedcars/shared-ui';
import { bookingFixture, expectSellerTextShown, sellerText } from '@usedcars/shared-ui/testing';
import fc from 'fast-check';
import { cleanup } from '@testing-library/react';
import { createQueryClient } from '@usedcars/shared-ui/appSettings';
import PaymentPage from './PaymentPage';
import { PAID_PAUSE_MS } from './CheckoutForm';

// The API is the page's edge: each test says what the fake server returns.
const api = fakeApi();

// Stripe.js lives on js.stripe.com: never fetched in tests. The mocks stand in for Elements.
const confirmCardPayment = jest.fn();
const stripe = { confirmCardPayment };
jest.mock('@stripe/stripe-js', () => ({ loadStripe: jest.fn(() => Promise.resolve(stripe)) }));
jest.mock('@stripe/react-stripe-js', () => {
  const { useEffect } = jest.requireActual<typeof import('react')>('react');
  const cardElement = { kind: 'card element' };
  return {
    Elements: ({ children }: { children: React.ReactNode }) => children,
    useStripe: () => stripe,
    useElements: () => ({ getElement: () => cardElement }),
    CardElement: ({ onReady, onChange }: { onReady?: () => void; onChange?: (event: { error?: { message: string } }) => void }) => {
      useEffect(() => {
        const timer = setTimeout(() => onReady?.(), 30);
        return () => clearTimeout(timer);
      }, [onReady]);
      return (
        <button type="button" onClick={() => onChange?.({ error: { message: 'Your card number is invalid.' } })}>
          Stripe card element
        </button>
      );
    },
  };
});

function booking(overrides: Partial<Booking> = {}): Booking {
  return bookingFixture({ img: '/images/honda.svg', currentPrice: 18250.5, carName: 'Honda Civic EX', ...overrides });
}

function Elsewhere() {
  const { pathname, state } = useLocation();
  const notice = noticeFrom(state);
  return (
    <>
      <p>Now at {pathname}</p>
      {notice && <p>Handed a notice: {notice}</p>}
    </>
  );
}

function renderPage(id = 'k1') {
  // The app's own client (shared-ui): its retry policy (outages retried, refusals shown at once) is part of what is tested.
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/dashboard/payment/${id}`]}>
        <Routes>
          <Route path="/dashboard/payment/:id" element={<PaymentPage />} />
          <Route path="*" element={<Elsewhere />} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

const payButton = () => screen.getByRole('button', { name: 'Pay' });

async function typeCard(number: string, expiry = '12 / 34', cvc = '123') {
  const user = userEvent.setup();
  // The card form comes with the gateway's settings, which may respond after the booking.
  await user.type(await screen.findByRole('textbox', { name: 'Card number' }), number);
  if (expiry) await user.type(screen.getByRole('textbox', { name: 'Expiration date' }), expiry);
  if (cvc) await user.type(screen.getByRole('textbox', { name: 'CVC' }), cvc);
  return user;
}

/**
 * From here on the clock is fake, so the pause that shows the congratulations before the move to
 * /Dashboard (PAID_PAUSE_MS) is stepped through rather than waited out. Returns a user for it.
 */
function fakeClock() {
  jest.useFakeTimers();
  return userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
}

/**
 * Lets the payment's calls (the card confirmed, the payment recorded) go to the fake and back
 * until `done`; the fake clock does not move (the network runs on real time).
 */
const settle = async (done: () => boolean) => {
  // One act per turn: React shows what changed only when an act ends.
  while (!done())
    await act(async () => {
      await realDelay(5);
      await jest.advanceTimersByTimeAsync(0);
    });
};
const paidShown = () => screen.queryByText('Successfully Done') !== null;

/** The congratulations stay on the page for PAID_PAUSE_MS, not a moment less; then the move to /Dashboard. */
const pauseAfterPaying = async () => {
  await act(() => jest.advanceTimersByTimeAsync(PAID_PAUSE_MS - 1));
  expect(screen.queryByText('Now at /Dashboard')).not.toBeInTheDocument();
  await act(() => jest.advanceTimersByTimeAsync(1));
};

afterEach(() => jest.useRealTimers());

beforeEach(() => {
  jest.clearAllMocks();
  // Toasts live in react-hot-toast's module-wide store: none carried over from the test before.
  act(() => toast.remove());
  setSignedIn({ uid: 'uid-bob', email: 'bob@usedcars.test', displayName: 'Bob Buyer' }, 'Buyer');
  api.reply('GET', '/bookings/k1', 200, booking());
  api.reply('GET', '/payment-config', 200, { gateway: 'test' });
  api.reply('POST', '/create-payment-intent', 201, { clientSecret: 'pi_1_secret_abc' });
});

describe('with the test gateway', () => {
  test('shows the booking, its price, a test-mode card form, and Pay once the intent is there', async () => {
    let respondToIntent!: (response: FakeResponse) => void;
    api.reply('POST', '/create-payment-intent', () => new Promise<FakeResponse>((resolve) => (respondToIntent = resolve)));
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the booking…');
    expect(await screen.findByRole('heading', { name: 'Payment for Honda Civic EX' })).toBeInTheDocument();
    expect(screen.getByText('Please pay $18,250.50')).toBeInTheDocument();
    // The card form comes with the gateway's settings, which may respond after the booking.
    expect(await screen.findByRole('note')).toHaveTextContent('TEST MODE');
    expect(screen.getByRole('textbox', { name: 'Card number' })).toBeInTheDocument();
    expect(api.sent('GET', '/bookings/k1')[0]?.headers.authorization).toBe(`Bearer ${FAKE_TOKEN}`);
    // No client secret yet: Pay waits.
    expect(payButton()).toBeDisabled();
    await waitFor(() => expect(api.sent('POST', '/create-payment-intent').map((sent) => sent.body)).toEqual([{ bookingId: 'k1' }]));
    act(() => respondToIntent({ status: 201, body: { clientSecret: 'pi_1_secret_abc' } }));
    await waitFor(() => expect(payButton()).toBeEnabled());
    expect(loadStripe).not.toHaveBeenCalled();
  });

  test('formats the number like the card element and checks it as the person types', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Payment for Honda Civic EX' });
    const user = userEvent.setup();
    const number = await screen.findByRole('textbox', { name: 'Card number' });
    await user.type(number, '4242424242424241');
    expect(number).toHaveValue('4242 4242 4242 4241');
    expect(screen.getByRole('alert')).toHaveTextContent('Your card number is invalid.');
    // The wrong field says so, and points to the message under the form.
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(number).toHaveAccessibleDescription('Your card number is invalid.');
    expect(screen.getByRole('group', { name: 'Card details' })).toContainElement(number);
    await user.clear(number);
    await user.type(number, '4242424242424242');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(number).toHaveAttribute('aria-invalid', 'false');
    expect(number).not.toHaveAttribute('aria-describedby');
    // A finished number moves on to the expiry, as Stripe's element does.
    const expiry = screen.getByRole('textbox', { name: 'Expiration date' });
    expect(expiry).toHaveFocus();
    await user.type(expiry, '1220');
    expect(expiry).toHaveValue('12 / 20');
    expect(screen.getByRole('alert')).toHaveTextContent("Your card's expiration year is in the past.");
  });

  test("an unfinished card is refused in Stripe's words before anything is sent", async () => {
    renderPage();
    await waitFor(() => expect(payButton()).toBeEnabled());
    const user = await typeCard('4242 4242', '', '');
    await user.click(payButton());
    // The alert region is there before the response; its text is what tells.
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Your card number is incomplete.'));
    expect(api.sent('POST', '/test-gateway/confirm')).toEqual([]);
  });

  test("a declined card shows the provider's message in red under the form, and nothing is recorded", async () => {
    api.reply('POST', '/test-gateway/confirm', 402, { message: 'Your card was declined.' });
    renderPage();
    await waitFor(() => expect(payButton()).toBeEnabled());
    const user = await typeCard('4000 0000 0000 0002');
    await user.click(payButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(alert).toHaveStyle({ color: theme.color.danger });
    const [confirmation] = api.sent('POST', '/test-gateway/confirm');
    expect(confirmation?.body).toEqual({ clientSecret: 'pi_1_secret_abc', number: '4000000000000002', expMonth: 12, expYear: 2034, cvc: '123' });
    // The client secret is the capability: no access token goes to the gateway.
    expect(confirmation?.headers.authorization).toBeUndefined();
    expect(api.sent('POST', '/payments')).toEqual([]);
    expect(payButton()).toBeEnabled();
  });

  test('Pay is disabled while the payment is in progress; success records it, toasts and goes to /Dashboard', async () => {
    let respondToConfirm!: (response: FakeResponse) => void;
    api.reply('POST', '/test-gateway/confirm', () => new Promise<FakeResponse>((resolve) => (respondToConfirm = resolve)));
    api.reply('POST', '/payments', 201, { insertedId: 'pay_1' });
    renderPage();
    await waitFor(() => expect(payButton()).toBeEnabled());
    const user = await typeCard('4242 4242 4242 4242');
    await user.click(payButton());
    expect(payButton()).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Processing your payment…');
    fakeClock();
    // The confirmation is on its way to the gateway; it responds once it has arrived.
    await settle(() => api.sent('POST', '/test-gateway/confirm').length === 1);
    act(() => respondToConfirm({ status: 200, body: { id: 'pi_1', status: 'succeeded' } }));
    await settle(paidShown);
    expect(screen.getByText('Successfully Done')).toBeInTheDocument();
    await pauseAfterPaying();
    expect(screen.getByText('Now at /Dashboard')).toBeInTheDocument();
    expect(screen.getByText('Successfully Done')).toBeInTheDocument();
    expect(api.sent('POST', '/payments').map((sent) => sent.body)).toEqual([{ bookingId: 'k1', transactionId: 'pi_1', email: 'bob@usedcars.test' }]);
  });

  test("a completed payment says 'Congrats! your payment completed' on the page, then hands it to /Dashboard", async () => {
    api.reply('POST', '/test-gateway/confirm', 200, { id: 'pi_1', status: 'succeeded' });
    api.reply('POST', '/payments', 201, { insertedId: 'pay_1' });
    renderPage();
    await waitFor(() => expect(payButton()).toBeEnabled());
    await typeCard('4242 4242 4242 4242');
    await fakeClock().click(payButton());
    await settle(paidShown);
    const congrats = screen.getByText('Congrats! your payment completed');
    expect(congrats).toHaveAttribute('role', 'status');
    expect(screen.getByText('Successfully Done')).toBeInTheDocument();
    // Paid once: Pay does not come back while the page is still showing.
    expect(payButton()).toBeDisabled();
    await pauseAfterPaying();
    expect(screen.getByText('Now at /Dashboard')).toBeInTheDocument();
    expect(screen.getByText('Handed a notice: Congrats! your payment completed')).toBeInTheDocument();
    expect(api.sent('POST', '/payments')).toHaveLength(1);
  });

  test('a refusal from the server (car sold to someone else) is shown and Pay stays disabled', async () => {
    api.reply('POST', '/create-payment-intent', 409, { message: 'This car has already been sold' });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('This car has already been sold');
    expect(payButton()).toBeDisabled();
  });
});

test('a paid booking says so instead of showing a card form', async () => {
  api.reply('GET', '/bookings/k1', 200, booking({ paid: true, transactionId: 'pi_done' }));
  renderPage();
  const paid = (await screen.findByText('Paid.')).closest('[role="status"]') as HTMLElement;
  expect(paid).toHaveTextContent('Paid. This booking is already paid');
  // The site's one "went well" tone, as the dashboard's arrival notice uses.
  expect(paid).toHaveStyle({ backgroundColor: theme.color.successBg, color: theme.color.success });
  expect(within(paid).getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute('href', '/Dashboard');
  expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  expect(api.sent('POST', '/create-payment-intent')).toEqual([]);
});

test('a booking whose car another buyer paid for first offers no card form', async () => {
  api.reply('GET', '/bookings/k1', 200, booking({ carStatus: 'sold' }));
  renderPage();
  const closed = await screen.findByText(/This car has already been sold/);
  expect(closed.closest('[role="status"]')).toHaveTextContent('This car has already been sold: nothing to pay for this booking.');
  expect(within(closed.closest('[role="status"]') as HTMLElement).getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute('href', '/Dashboard');
  expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  expect(api.sent('POST', '/create-payment-intent')).toEqual([]);
});

test('a booking cancelled when its seller ended the listing says why and offers no card form', async () => {
  api.reply('GET', '/bookings/k1', 200, booking({ carStatus: 'soldElsewhere', cancelReason: 'soldElsewhere', cancelledAt: '2026-11-20T10:00:00.000Z' }));
  renderPage();
  const closed = (await screen.findByText(/The seller sold this car elsewhere/)).closest('[role="status"]') as HTMLElement;
  expect(closed).toHaveTextContent('Cancelled. The seller sold this car elsewhere: nothing to pay for this booking.');
  expect(within(closed).getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute('href', '/Dashboard');
  expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  expect(api.sent('POST', '/create-payment-intent')).toEqual([]);
});

test('a booking that cannot be found says so', async () => {
  api.reply('GET', '/bookings/k9', 404, { message: 'No booking with id k9' });
  renderPage('k9');
  expect(await screen.findByRole('alert')).toHaveTextContent('We could not find this booking.');
  expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  expect(api.sent('GET', '/bookings/k9')).toHaveLength(1);
});

test('an unreachable server is retried with backoff, then can be retried by hand', async () => {
  jest.useFakeTimers();
  let down = true;
  api.reply('GET', '/bookings/k1', () => (down ? HANG_UP : { status: 200, body: booking() }));
  renderPage();
  // The back-off (1 s, 2 s, 4 s) runs on the fake clock, stepped 100 ms at a time; each attempt fails on real time.
  while (!screen.queryByRole('alert'))
    await act(async () => {
      await realDelay(5);
      await jest.advanceTimersByTimeAsync(100);
    });
  jest.useRealTimers();
  down = false;
  expect(api.sent('GET', '/bookings/k1')).toHaveLength(4);
  expect(screen.getByRole('alert')).toHaveTextContent('We could not reach the Used Cars server.');
  await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { name: 'Payment for Honda Civic EX' })).toBeInTheDocument();
});

describe('with the stripe gateway', () => {
  beforeEach(() => {
    api.reply('GET', '/payment-config', 200, { gateway: 'stripe', publishableKey: 'pk_test_123' });
  });

  test("uses Stripe Elements: Pay waits for the card element, a decline shows Stripe's message", async () => {
    confirmCardPayment.mockResolvedValue({ error: { message: 'Your card was declined.' } });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Stripe card element' })).toBeInTheDocument();
    expect(loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(payButton()).toBeDisabled();
    await waitFor(() => expect(payButton()).toBeEnabled());
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Stripe card element' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Your card number is invalid.');
    await user.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_abc', {
      payment_method: { card: { kind: 'card element' }, billing_details: { name: 'Bob Buyer', email: 'bob@usedcars.test' } },
    });
    expect(api.sent('POST', '/payments')).toEqual([]);
  });

  test('a succeeded Stripe payment is recorded and the buyer lands on /Dashboard', async () => {
    confirmCardPayment.mockResolvedValue({ paymentIntent: { id: 'pi_live_1', status: 'succeeded' } });
    api.reply('POST', '/payments', 201, { insertedId: 'pay_2' });
    renderPage();
    await screen.findByRole('button', { name: 'Stripe card element' });
    await waitFor(() => expect(payButton()).toBeEnabled());
    await fakeClock().click(payButton());
    await settle(paidShown);
    expect(screen.getByText('Successfully Done')).toBeInTheDocument();
    await pauseAfterPaying();
    expect(screen.getByText('Now at /Dashboard')).toBeInTheDocument();
    expect(api.sent('POST', '/payments').map((sent) => [sent.body, sent.headers.authorization])).toEqual([
      [{ bookingId: 'k1', transactionId: 'pi_live_1', email: 'bob@usedcars.test' }, `Bearer ${FAKE_TOKEN}`],
    ]);
  });
});

test('the page names the car as the seller typed it, in its own direction, and the dearest price formatted', async () => {
  await fc.assert(
    fc.asyncProperty(sellerText(120), async (carName) => {
      api.reply('GET', '/bookings/k1', 200, booking({ carName, currentPrice: PRICE_MAX }));
      renderPage();
      try {
        const heading = await screen.findByRole('heading', { level: 2, name: `Payment for ${carName}` });
        expectSellerTextShown(heading, carName);
        expect(screen.getByText('Please pay $10,000,000')).toBeInTheDocument();
      } finally {
        cleanup();
      }
    }),
    { numRuns: 15 },
  );
});
