/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import toast from 'react-hot-toast';
import { ORDER_MESSAGES, type Car } from '@usedcars/shared-contract';
import { authStore } from '@usedcars/shared-auth';
import { FAKE_TOKEN, fakeApi } from '@usedcars/shared-api/testing';
import BookingDialog from './BookingDialog';

jest.mock('react-hot-toast', () => ({ __esModule: true, default: { success: jest.fn(), error: jest.fn() } }));

const api = fakeApi();
const toastSuccess = jest.mocked(toast.success);
const toastError = jest.mocked(toast.error);

const car: Car = {
  _id: '6f1c2a8e-3b1d-4c59-9a47-0d3e5b7c9f12',
  carName: 'Audi Q5 45 TFSI Premium Plus',
  img: '/images/cars/suv-blue.svg',
  currentPrice: 31200,
  price: 50300,
  purchaseYear: '2020',
  condition: 'Very good',
  contact: '+1 (415) 555-0123',
  details: 'One owner, full dealer service history.',
  location: 'Denver, CO',
  used: '5 years',
  sellerName: 'Demo Seller',
  time: '2025-03-02',
  categoryName: 'audi',
  status: 'available',
};

function renderDialog(onClose = jest.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/audis']}>
        <Routes>
          <Route path="/audis" element={<BookingDialog car={car} onClose={onClose} />} />
          <Route path="/Dashboard" element={<h1>My Orders</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onClose, user: userEvent.setup() };
}

beforeEach(() => {
  jest.clearAllMocks();
  authStore.setState({ status: 'signedIn', user: { uid: 'u1', email: 'buyer@usedcars.test', displayName: 'Demo Buyer' }, role: 'Buyer' });
});

test('the dialog is titled Add your info and shows who books which car, read-only', () => {
  renderDialog();
  const dialog = screen.getByRole('dialog', { name: 'Add your info' });
  expect(dialog).toHaveAttribute('aria-modal', 'true');
  for (const [label, value] of [
    ['Your Name', 'Demo Buyer'],
    ['Your Email', 'buyer@usedcars.test'],
    ['Car Name', 'Audi Q5 45 TFSI Premium Plus'],
    ['Car Price', '$31,200'],
  ]) {
    expect(screen.getByLabelText(label!)).toHaveValue(value);
    expect(screen.getByLabelText(label!)).toHaveAttribute('readonly');
  }
  expect(screen.getByLabelText('Phone Number')).toHaveAttribute('type', 'tel');
  expect(screen.getByLabelText('Phone Number')).toBeRequired();
  expect(screen.getByLabelText('Meeting Address')).toBeRequired();
  expect(screen.getByLabelText('Phone Number')).toHaveFocus();
  expect(screen.getByRole('button', { name: 'ADD' })).toHaveAttribute('type', 'submit');
});

test('an empty phone or address is refused beside the field, and nothing is sent', async () => {
  const { user } = renderDialog();
  await user.click(screen.getByRole('button', { name: 'ADD' }));
  expect(screen.getByLabelText('Phone Number')).toHaveAccessibleDescription('phone is required');
  expect(screen.getByLabelText('Meeting Address')).toHaveAccessibleDescription('address is required');
  expect(screen.getByLabelText('Phone Number')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByLabelText('Phone Number')).toHaveFocus();

  await user.type(screen.getByLabelText('Phone Number'), '+1 415 555 0100');
  await user.click(screen.getByRole('button', { name: 'ADD' }));
  expect(screen.getByLabelText('Phone Number')).not.toHaveAttribute('aria-invalid');
  expect(screen.getByLabelText('Meeting Address')).toHaveAccessibleDescription('address is required');
  expect(screen.getByLabelText('Meeting Address')).toHaveFocus();

  // Spaces alone are no address either: the same trimming as the API.
  await user.type(screen.getByLabelText('Meeting Address'), '   ');
  await user.click(screen.getByRole('button', { name: 'ADD' }));
  expect(screen.getByLabelText('Meeting Address')).toHaveAccessibleDescription('address is required');
  expect(api.requests).toEqual([]);
});

test('a booking the server confirms shows BOOKING CONFIRMED and goes to the dashboard', async () => {
  api.reply('POST', '/bookings', 201, { acknowledged: true, message: 'Booking confirmed', insertedId: 'b1' });
  const { user } = renderDialog();
  await user.type(screen.getByLabelText('Phone Number'), ' +1 415 555 0100 ');
  await user.type(screen.getByLabelText('Meeting Address'), '1 Market St, San Francisco');
  await user.click(screen.getByRole('button', { name: 'ADD' }));
  expect(await screen.findByRole('heading', { name: 'My Orders' })).toBeInTheDocument();
  const [sent] = api.sent('POST', '/bookings');
  expect(sent?.body).toEqual({ carId: car._id, phone: '+1 415 555 0100', address: '1 Market St, San Francisco' });
  expect(sent?.headers.authorization).toBe(`Bearer ${FAKE_TOKEN}`);
  expect(api.requests).toHaveLength(1);
  expect(toastSuccess).toHaveBeenCalledWith('BOOKING CONFIRMED');
});

test("a refusal shows the server's message and keeps the form as it was", async () => {
  api.reply('POST', '/bookings', 409, { acknowledged: false, message: ORDER_MESSAGES.alreadyBooked });
  const { user, onClose } = renderDialog();
  await user.type(screen.getByLabelText('Phone Number'), '5551234');
  await user.type(screen.getByLabelText('Meeting Address'), '1 Market St');
  await user.click(screen.getByRole('button', { name: 'ADD' }));
  await waitFor(() => expect(toastError).toHaveBeenCalledWith('You have already booked this car'));
  expect(toastSuccess).not.toHaveBeenCalled();
  expect(screen.getByRole('dialog', { name: 'Add your info' })).toBeInTheDocument();
  expect(screen.getByLabelText('Phone Number')).toHaveValue('5551234');
  expect(screen.getByLabelText('Meeting Address')).toHaveValue('1 Market St');
  expect(onClose).not.toHaveBeenCalled();
});

test('a response that is not acknowledged is an error toast with its message', async () => {
  api.reply('POST', '/bookings', 200, { acknowledged: false, message: ORDER_MESSAGES.sold, insertedId: '' });
  const { user } = renderDialog();
  await user.type(screen.getByLabelText('Phone Number'), '5551234');
  await user.type(screen.getByLabelText('Meeting Address'), '1 Market St');
  await user.click(screen.getByRole('button', { name: 'ADD' }));
  await waitFor(() => expect(toastError).toHaveBeenCalledWith('This car has already been sold'));
  expect(screen.getByRole('dialog')).toBeInTheDocument();
});

test('Escape, Close and Cancel ask the page to close the dialog', async () => {
  const { user, onClose } = renderDialog();
  await user.keyboard('{Escape}');
  await user.click(screen.getByRole('button', { name: 'Close' }));
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(onClose).toHaveBeenCalledTimes(3);
});

test('Tab stays inside the dialog', async () => {
  const { user } = renderDialog();
  const add = screen.getByRole('button', { name: 'ADD' });
  add.focus();
  await user.tab();
  expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  await user.tab({ shift: true });
  expect(add).toHaveFocus();
});
