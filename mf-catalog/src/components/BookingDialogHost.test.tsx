import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from '@usedcars/shared-ui/dialog';
import { useBookingDialog } from './BookingDialogHost';
import { makeCar } from '../testing/renderCatalog';

/**
 * Checkout's dialog arrives through federation in the site. Here the fake is either still
 * loading (the host's fallback shows) or a dialog that is sending a booking and so refuses to close.
 */
let checkout: 'loading' | 'sending' = 'loading';
jest.mock('@usedcars/shared-ui', () => ({
  ...jest.requireActual('@usedcars/shared-ui'),
  RemoteComponent: ({ fallback }: { fallback: ReactNode }) =>
    checkout === 'loading' ? (
      fallback
    ) : (
      <Dialog title="Add your info" onClose={() => undefined}>
        <p>Sending your booking…</p>
      </Dialog>
    ),
}));

const car = makeCar();

function CarPage() {
  const booking = useBookingDialog();
  return (
    <>
      <button type="button" onClick={(event) => booking.open(car, event.currentTarget)}>
        Book Now
      </button>
      {booking.dialog}
    </>
  );
}

test('Escape puts away the booking form that is still loading, and focus goes back to Book Now', async () => {
  checkout = 'loading';
  const user = userEvent.setup();
  render(<CarPage />);
  await user.click(screen.getByRole('button', { name: 'Book Now' }));
  expect(screen.getByRole('status')).toHaveTextContent('Opening the booking form…');
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Book Now' })).toHaveFocus();
});

test('once the dialog is open, Escape is its to handle: one sending a booking stays', async () => {
  checkout = 'sending';
  const user = userEvent.setup();
  render(<CarPage />);
  await user.click(screen.getByRole('button', { name: 'Book Now' }));
  await user.keyboard('{Escape}');
  expect(screen.getByRole('dialog', { name: 'Add your info' })).toHaveTextContent('Sending your booking…');
});
