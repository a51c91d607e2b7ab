import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deletePhoto, reorderPhotos } from '@usedcars/shared-api/photos';
import { ApiError, fetchUserByEmail } from '@usedcars/shared-api';
import { SELLER_CARS_MAX, fetchSellerCars } from '@usedcars/shared-api/cars';
import { fetchSaveCounts } from '@usedcars/shared-api/favourites';
import { type Car, type CarPhoto, type Category } from '@usedcars/shared-contract';
import { car } from '../../testing/fixtures';
import { renderDashboard, signInAs } from '../../testing/renderDashboard';
import MyProductPage from './MyProductPage';
import { newestFirst } from './useMyProducts';

jest.mock('@usedcars/shared-api', () => ({ ...jest.requireActual('@usedcars/shared-api'), fetchUserByEmail: jest.fn() }));
jest.mock('@usedcars/shared-api/photos', () => ({ ...jest.requireActual('@usedcars/shared-api/photos'), reorderPhotos: jest.fn(), deletePhoto: jest.fn() }));
jest.mock('@usedcars/shared-api/cars', () => ({ ...jest.requireActual('@usedcars/shared-api/cars'), fetchSellerCars: jest.fn() }));
jest.mock('@usedcars/shared-api/favourites', () => ({ fetchSaveCounts: jest.fn() }));

function serve(cars: Partial<Record<Category, Car[]>>) {
  jest.mocked(fetchSellerCars).mockImplementation(async (category) => cars[category] ?? []);
}

beforeEach(() => {
  jest.clearAllMocks();
  signInAs('Seller', 'Dana D.', 'dana@usedcars.test');
  // The account's name is what the API stamps on the seller's cars.
  jest.mocked(fetchUserByEmail).mockResolvedValue({ _id: 'u1', name: 'Dana Driver', email: 'dana@usedcars.test', role: 'Seller' });
  jest.mocked(fetchSaveCounts).mockResolvedValue([]);
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

test("merges the seller's cars of the three brands, newest first, with each car's state and how many saved it", async () => {
  jest.mocked(fetchSaveCounts).mockResolvedValue([{ carId: 'a1', savedBy: 3 }]);
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
  const rows = () =>
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
  // The counts arrive on their own, after the cars.
  await waitFor(() => expect(rows()[1]?.[7]).toBe('3'));
  expect(rows()).toEqual([
    ['1', '', 'Honda Civic EX', 'Honda', '$18,000', '2025-05-20', 'Available', '0', 'EditEdit photosMark sold elsewhereWithdraw'],
    ['2', '', 'Audi Q5', 'Audi', '$21,500', '2025-03-01', 'Booked', '3', 'EditEdit photosMark sold elsewhereWithdraw'],
    // A sold car's text may still be corrected; it can no longer end.
    ['3', '', 'Mercedes-Benz C 300', 'Mercedes-Benz', '$21,500', '2024-12-24', 'Sold', '0', 'EditEdit photos'],
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

test('a brand past the most the dashboard reads says the list is cut short', async () => {
  serve({ honda: Array.from({ length: SELLER_CARS_MAX }, (_, i) => car({ _id: `h${i}`, categoryName: 'honda' })) });
  renderDashboard(<MyProductPage />, { path: '/dashboard/myProduct' });
  expect(await screen.findByText('Showing your newest 2,000 cars of each brand.')).toBeInTheDocument();
});

test('500 cars are paged 20 at a time, with a count', async () => {
  serve({ honda: Array.from({ length: 500 }, (_, i) => car({ _id: `h${i}`, carName: `Honda ${i + 1}`, categoryName: 'honda' })) });
  renderDashboard(<MyProductPage />, { path: '/dashboard/myProduct' });
  const table = await screen.findByRole('table', { name: 'My cars' });
  expect(within(table).getAllByRole('row')).toHaveLength(21);
  expect(screen.getByText('Showing 1–20 of 500')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
  expect(screen.getByText('Showing 21–40 of 500')).toBeInTheDocument();
  expect(within(table).getByRole('cell', { name: 'Honda 21' })).toBeInTheDocument();
  expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/^21/);
});

function photo(id: string): CarPhoto {
  const url = (width: number) => `/photos/${id.repeat(64).slice(0, 64)}-${width}.jpg`;
  const variants = [320, 640].map((width) => ({ width, height: (width * 2) / 3, url: url(width) }));
  return {
    id,
    width: 640,
    height: 427,
    alt: `Photo ${id}`,
    src: url(640),
    srcset: { avif: '', webp: '', jpeg: '' },
    variants: { avif: [], webp: [], jpeg: variants },
  };
}

test("Edit photos shows the car's photos, the cover first; a new cover and a deletion are saved as they are made", async () => {
  const user = userEvent.setup();
  const [a, b, c] = [photo('a'), photo('b'), photo('c')];
  serve({ audi: [car({ _id: 'a1', carName: 'Audi Q5', photos: [a, b, c] })] });
  jest.mocked(reorderPhotos).mockImplementation(async (_category, _id, ids) => {
    const photos = ids.map((id) => [a, b, c].find((candidate) => candidate.id === id)!);
    return { img: photos[0]!.src, photos };
  });
  jest.mocked(deletePhoto).mockResolvedValue({ img: c.src, photos: [c, a] });
  renderDashboard(<MyProductPage />, { path: '/dashboard/myProduct' });
  await user.click(await screen.findByRole('button', { name: 'Edit photos of Audi Q5' }));
  const dialog = screen.getByRole('dialog', { name: 'Photos of Audi Q5' });
  const tiles = () => within(within(dialog).getByRole('list', { name: 'Photos, the cover first' })).getAllByRole('listitem');
  expect(tiles().map((tile) => within(tile).getByRole('img').getAttribute('alt'))).toEqual(['Photo a', 'Photo b', 'Photo c']);
  expect(within(tiles()[0]!).getByText('Cover')).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Move photo 1 left' })).toBeDisabled();

  await user.click(within(dialog).getByRole('button', { name: 'Make photo 3 the cover' }));
  expect(reorderPhotos).toHaveBeenCalledWith('audi', 'a1', ['c', 'a', 'b']);
  expect(within(tiles()[0]!).getByRole('img')).toHaveAttribute('alt', 'Photo c');
  expect(within(tiles()[0]!).getByText('Cover')).toBeInTheDocument();

  await user.click(within(dialog).getByRole('button', { name: 'Delete photo 3' }));
  expect(deletePhoto).toHaveBeenCalledWith('audi', 'a1', 'b');
  expect(tiles()).toHaveLength(2);
  // The file input is a real one, with its label.
  expect(within(dialog).getByLabelText('Add photos')).toHaveAttribute('type', 'file');
});

test('a refused reorder puts the photos back and says why', async () => {
  const user = userEvent.setup();
  serve({ honda: [car({ _id: 'h1', carName: 'Honda Jazz', categoryName: 'honda', photos: [photo('a'), photo('b')] })] });
  jest.mocked(reorderPhotos).mockRejectedValue(new ApiError("photoIds must name each of this car's 3 photos once", 409));
  renderDashboard(<MyProductPage />, { path: '/dashboard/myProduct' });
  await user.click(await screen.findByRole('button', { name: 'Edit photos of Honda Jazz' }));
  const dialog = screen.getByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: 'Move photo 1 right' }));
  expect(await within(dialog).findByText(/must name each of this car's 3 photos once/)).toBeInTheDocument();
  expect(
    within(dialog)
      .getAllByRole('img')
      .map((img) => img.getAttribute('alt')),
  ).toEqual(['Photo a', 'Photo b']);
});
