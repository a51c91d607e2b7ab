/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SELLER_CARS_MAX } from '@usedcars/shared-api/cars';
import { NO_RESPONSE, FAKE_TOKEN, fakeApi } from '@usedcars/shared-api/testing';
import { CAR_LIST_MAX_LIMIT, CATEGORIES, CATEGORY_PATHS, type Car, type CarPhoto, type Category } from '@usedcars/shared-contract';
import { car } from '../../testing/fixtures';
import { renderDashboard, signInAs } from '../../testing/renderDashboard';
import { serveSellerCars } from '../../testing/sellerCars';
import MyProductPage from './MyProductPage';
import { newestFirst } from './useMyProducts';
import { tableCells } from '../../testing/tableCells';

const api = fakeApi();
const serve = (cars: Partial<Record<Category, Car[]>>) => serveSellerCars(api, cars);

beforeEach(() => {
  signInAs('Seller', 'Dana D.', 'dana@usedcars.test');
  // The account's name is what the API stamps on the seller's cars.
  api.reply('GET', '/users', 200, [{ _id: 'u1', name: 'Dana Driver', email: 'dana@usedcars.test', role: 'Seller' }]);
  api.reply('GET', '/favourites/counts', 200, []);
});

test('shows a spinner while the cars load', () => {
  for (const category of CATEGORIES) api.reply('GET', CATEGORY_PATHS[category].apiSellerCollection, NO_RESPONSE);
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
  api.reply('GET', '/favourites/counts', 200, [{ carId: 'a1', savedBy: 3 }]);
  serve({
    audi: [car({ _id: 'a1', carName: 'Audi Q5', time: '2025-03-01', status: 'booked' })],
    honda: [car({ _id: 'h1', carName: 'Honda Civic EX', categoryName: 'honda', time: '2025-05-20', currentPrice: 18000 })],
    mercedes: [car({ _id: 'm1', carName: 'Mercedes-Benz C 300', categoryName: 'mercedes', time: '2024-12-24', status: 'sold' })],
  });
  renderDashboard(<MyProductPage />, { path: '/dashboard/myProduct' });
  const table = await screen.findByRole('table', { name: 'My cars' });
  // Each brand's list by the account's name (not the sign-in's display name), with the token.
  for (const path of ['/myAudi', '/myHonda', '/myMercedess']) {
    expect(api.sent('GET', path).map((sent) => [sent.query, sent.headers.authorization])).toEqual([
      [{ sellerName: 'Dana Driver', limit: String(CAR_LIST_MAX_LIMIT) }, `Bearer ${FAKE_TOKEN}`],
    ]);
  }
  const rows = () => tableCells(table);
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
  serveSellerCars(api, { audi: [car()], mercedes: [car({ categoryName: 'mercedes' })] }, { honda: { status: 400, message: 'sellerName is required' } });
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
  // Read a page at a time, each asking for the one after through the cursor the last one gave.
  const pages = api.sent('GET', '/myHonda').map((sent) => sent.query.cursor ?? 'first');
  expect(pages).toEqual(['first', ...Array.from({ length: SELLER_CARS_MAX / CAR_LIST_MAX_LIMIT - 1 }, (_, i) => String((i + 1) * CAR_LIST_MAX_LIMIT))]);
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
  api.reply('PUT', '/audis/a1/photos', ({ body }) => {
    const photos = (body as { photoIds: string[] }).photoIds.map((id) => [a, b, c].find((candidate) => candidate.id === id)!);
    return { status: 200, body: { img: photos[0]!.src, photos } };
  });
  api.reply('DELETE', '/audis/a1/photos/b', 200, { img: c.src, photos: [c, a] });
  renderDashboard(<MyProductPage />, { path: '/dashboard/myProduct' });
  await user.click(await screen.findByRole('button', { name: 'Edit photos (3), Audi Q5' }));
  const dialog = screen.getByRole('dialog', { name: 'Photos of Audi Q5' });
  const tiles = () => within(within(dialog).getByRole('list', { name: 'Photos, the cover first' })).getAllByRole('listitem');
  expect(tiles().map((tile) => within(tile).getByRole('img').getAttribute('alt'))).toEqual(['Photo a', 'Photo b', 'Photo c']);
  expect(within(tiles()[0]!).getByText('Cover')).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Move left, photo 1' })).toBeDisabled();

  await user.click(within(dialog).getByRole('button', { name: 'Make cover, photo 3' }));
  expect(within(tiles()[0]!).getByRole('img')).toHaveAttribute('alt', 'Photo c');
  await waitFor(() => expect(api.sent('PUT', '/audis/a1/photos').map((sent) => sent.body)).toEqual([{ photoIds: ['c', 'a', 'b'] }]));
  expect(within(tiles()[0]!).getByText('Cover')).toBeInTheDocument();

  await user.click(within(dialog).getByRole('button', { name: 'Delete photo 3' }));
  expect(tiles()).toHaveLength(2);
  await waitFor(() => expect(api.sent('DELETE', '/audis/a1/photos/b')).toHaveLength(1));
  // The file input is a real one, with its label.
  expect(within(dialog).getByLabelText('Add photos')).toHaveAttribute('type', 'file');
});

test('a refused reorder puts the photos back and says why', async () => {
  const user = userEvent.setup();
  serve({ honda: [car({ _id: 'h1', carName: 'Honda Jazz', categoryName: 'honda', photos: [photo('a'), photo('b')] })] });
  api.reply('PUT', '/hondas/h1/photos', 409, { message: "photoIds must name each of this car's 3 photos once" });
  renderDashboard(<MyProductPage />, { path: '/dashboard/myProduct' });
  await user.click(await screen.findByRole('button', { name: 'Edit photos (2), Honda Jazz' }));
  const dialog = screen.getByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: 'Move right, photo 1' }));
  expect(await within(dialog).findByText(/must name each of this car's 3 photos once/)).toBeInTheDocument();
  expect(
    within(dialog)
      .getAllByRole('img')
      .map((img) => img.getAttribute('alt')),
  ).toEqual(['Photo a', 'Photo b']);
});
