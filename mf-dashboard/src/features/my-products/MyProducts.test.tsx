import { screen, within } from '@testing-library/react';
import { ApiError, fetchUserByEmail } from '@usedcars/shared-api';
import { fetchSellerCars } from '@usedcars/shared-api/cars';
import { CAR_LIST_MAX_LIMIT, type Car, type Category } from '@usedcars/shared-contract';
import { car } from '../../testing/fixtures';
import { renderDashboard, signInAs } from '../../testing/renderDashboard';
import MyProductPage from './MyProductPage';
import { newestFirst } from './useMyProducts';

jest.mock('@usedcars/shared-api', () => ({ ...jest.requireActual('@usedcars/shared-api'), fetchUserByEmail: jest.fn() }));
jest.mock('@usedcars/shared-api/cars', () => ({ ...jest.requireActual('@usedcars/shared-api/cars'), fetchSellerCars: jest.fn() }));

function serve(cars: Partial<Record<Category, Car[]>>) {
  jest.mocked(fetchSellerCars).mockImplementation(async (category) => cars[category] ?? []);
}

beforeEach(() => {
  jest.clearAllMocks();
  signInAs('Seller', 'Dana D.', 'dana@usedcars.test');
  // The account's name is what the API stamps on the seller's cars.
  jest.mocked(fetchUserByEmail).mockResolvedValue({ _id: 'u1', name: 'Dana Driver', email: 'dana@usedcars.test', role: 'Seller' });
});

test('shows a spinner while the cars load', () => {
  jest.mocked(fetchSellerCars).mockReturnValue(new Promise(() => undefined));
  renderDashboard(<MyProductPage />, { path: '/dashboard/myProduct' });
  expect(screen.getByRole('status')).toHaveTextContent('Loading my cars…');
  expect(document.title).toBe('Dashboard - My Products');
});

test('with no cars it points to Add Product', async () => {
  serve({});
  renderDashboard(<MyProductPage />, { path: '/dashboard/myProduct' });
  expect(await screen.findByText(/You have not added a car yet/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Add Product' })).toHaveAttribute('href', '/dashboard/addProduct');
});

test("merges the seller's cars of the three brands, newest first, with each car's state", async () => {
  serve({
    audi: [car({ _id: 'a1', carName: 'Audi Q5', time: '2025-03-01', status: 'booked' })],
    honda: [car({ _id: 'h1', carName: 'Honda Civic EX', categoryName: 'honda', time: '2025-05-20', currentPrice: 18000 })],
    mercedes: [car({ _id: 'm1', carName: 'Mercedes-Benz C 300', categoryName: 'mercedes', time: '2024-12-24', status: 'sold' })],
  });
  renderDashboard(<MyProductPage />, { path: '/dashboard/myProduct' });
  const table = await screen.findByRole('table', { name: 'My cars' });
  for (const category of ['audi', 'honda', 'mercedes']) {
    expect(fetchSellerCars).toHaveBeenCalledWith(category, 'Dana Driver', expect.anything());
  }
  const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
  expect(rows).toEqual([
    ['1', '', 'Honda Civic EX', 'Honda', '$18,000', '2025-05-20', 'Available'],
    ['2', '', 'Audi Q5', 'Audi', '$21,500', '2025-03-01', 'Booked'],
    ['3', '', 'Mercedes-Benz C 300', 'Mercedes-Benz', '$21,500', '2024-12-24', 'Sold'],
  ]);
});

test('one brand failing shows the error with Retry instead of a partial list', async () => {
  jest.mocked(fetchSellerCars).mockImplementation(async (category) => {
    if (category === 'honda') throw new ApiError('sellerName is required', 400);
    return [car()];
  });
  renderDashboard(<MyProductPage />, { path: '/dashboard/myProduct' });
  expect(await screen.findByRole('alert')).toHaveTextContent('We could not load my cars. sellerName is required');
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

test('newestFirst keeps the API order for cars posted the same day', () => {
  const cars = [car({ _id: 'x', time: '2025-01-01' }), car({ _id: 'y', time: '2025-02-01' }), car({ _id: 'z', time: '2025-01-01' })];
  expect(newestFirst(cars).map((c) => c._id)).toEqual(['y', 'x', 'z']);
});

test('a brand that answers a full page says the list is cut short', async () => {
  serve({ honda: Array.from({ length: CAR_LIST_MAX_LIMIT }, (_, i) => car({ _id: `h${i}`, categoryName: 'honda' })) });
  renderDashboard(<MyProductPage />, { path: '/dashboard/myProduct' });
  expect(await screen.findByText(`Showing your newest ${CAR_LIST_MAX_LIMIT} cars of each brand.`)).toBeInTheDocument();
});
