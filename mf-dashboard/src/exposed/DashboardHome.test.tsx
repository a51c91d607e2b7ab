import { screen } from '@testing-library/react';
import { authStore } from '@usedcars/shared-auth';
import { fetchUserByEmail, listUsersByRole } from '@usedcars/shared-api';
import { fetchSellerCars } from '@usedcars/shared-api/cars';
import { fetchBookings } from '@usedcars/shared-api/bookings';
import { renderDashboard, signInAs } from '../testing/renderDashboard';
import DashboardHome from './DashboardHome';

jest.mock('@usedcars/shared-api', () => ({
  ...jest.requireActual('@usedcars/shared-api'),
  listUsersByRole: jest.fn(),
  fetchUserByEmail: jest.fn(),
}));
jest.mock('@usedcars/shared-api/cars', () => ({ ...jest.requireActual('@usedcars/shared-api/cars'), fetchSellerCars: jest.fn() }));
jest.mock('@usedcars/shared-api/bookings', () => ({ ...jest.requireActual('@usedcars/shared-api/bookings'), fetchBookings: jest.fn() }));

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(listUsersByRole).mockResolvedValue([]);
  jest.mocked(fetchBookings).mockResolvedValue([]);
  jest.mocked(fetchSellerCars).mockResolvedValue([]);
  jest.mocked(fetchUserByEmail).mockResolvedValue({ _id: 'u1', name: 'Dana Driver', email: 'dana@usedcars.test', role: 'Seller' });
});

test('while the role is unknown the dashboard shows a spinner, not a guess', () => {
  authStore.setState({ status: 'loading', user: null, role: null });
  renderDashboard(<DashboardHome />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading your dashboard…');
  expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  expect(document.title).toBe('Dashboard');
});

test('an admin gets the Buyers and Sellers tables', async () => {
  signInAs('admin');
  renderDashboard(<DashboardHome />);
  expect(screen.getByRole('heading', { level: 1, name: 'All users' })).toBeInTheDocument();
  expect(document.title).toBe('Dashboard - All users');
  expect(await screen.findByText('No buyers yet.')).toBeInTheDocument();
  expect(await screen.findByText('No sellers yet.')).toBeInTheDocument();
  expect(listUsersByRole).toHaveBeenCalledWith('Buyer');
  expect(listUsersByRole).toHaveBeenCalledWith('Seller');
});

test('a Seller gets My Products', async () => {
  signInAs('Seller');
  renderDashboard(<DashboardHome />);
  expect(screen.getByRole('heading', { level: 1, name: 'My Products' })).toBeInTheDocument();
  expect(document.title).toBe('Dashboard - My Products');
  expect(await screen.findByText(/You have not added a car yet/)).toBeInTheDocument();
  expect(listUsersByRole).not.toHaveBeenCalled();
});

test.each([['Buyer' as const], [null]])('role %s gets My Orders', async (role) => {
  signInAs(role);
  renderDashboard(<DashboardHome />);
  expect(screen.getByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
  expect(document.title).toBe('Dashboard - orders');
  expect(await screen.findByText(/You have not booked a car yet/)).toBeInTheDocument();
  expect(fetchBookings).toHaveBeenCalledWith('dana@usedcars.test', expect.anything());
});
