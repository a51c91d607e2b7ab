/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { fakeApi } from '@usedcars/shared-api/testing';
import type { Category } from '@usedcars/shared-contract';
import CarDetailPage from './CarDetailPage';
import { makeCar, renderAt, signInAs } from '../../testing/renderCatalog';

const api = fakeApi();
// Checkout's dialog arrives through federation in the site; here a fake shows what it was given.
jest.mock('@usedcars/shared-ui', () => {
  const { createElement } = jest.requireActual<typeof import('react')>('react');
  return {
    ...jest.requireActual('@usedcars/shared-ui'),
    RemoteComponent: ({ id, props }: { id: string; props: { car: { carName: string }; onClose: () => void } }) =>
      createElement('div', { role: 'dialog', 'aria-label': id }, props.car.carName, createElement('button', { onClick: props.onClose }, 'Dismiss')),
  };
});

const car = makeCar({
  carName: 'Audi A6 55 TFSI Prestige',
  details: 'Garage kept, highway miles.',
  condition: 'Excellent',
  purchaseYear: '2021',
  contact: '+1 (303) 555-0188',
  location: 'Denver, CO',
  price: 65900,
  currentPrice: 44100,
  used: '4 years',
  sellerName: 'Sam Patel',
  time: '2025-01-15',
});

function renderDetail(path = `/audis/${car._id}`, category: Category = 'audi') {
  return renderAt(
    path,
    <Routes>
      <Route path="/:brand/:id" element={<CarDetailPage category={category} />} />
    </Routes>,
  );
}

const carPath = `/audis/${car._id}`;

beforeEach(() => {
  api.reply('GET', carPath, 200, car);
  // The buyer's saved cars: none.
  api.reply('GET', '/favourites', 200, { cars: [], gone: [] });
});

test('the detail page loads the car by id and shows its picture, name and every field', async () => {
  signInAs('visitor');
  renderDetail();
  expect(screen.getByTestId('car-skeleton')).toBeInTheDocument();
  expect(await screen.findByRole('heading', { level: 1, name: 'Audi A6 55 TFSI Prestige' })).toBeInTheDocument();
  // The car's page is public: read without a token.
  expect(api.requests.map(({ method, path, headers }) => [method, path, headers.authorization])).toEqual([['GET', carPath, undefined]]);
  expect(screen.getByRole('img', { name: 'Audi A6 55 TFSI Prestige' })).toHaveAttribute('src', `${api.base}/images/cars/sedan-blue.svg`);
  const value = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
  expect(value('Details')).toBe('Garage kept, highway miles.');
  expect(value('Condition')).toBe('Excellent');
  expect(value('Purchase year')).toBe('2021');
  expect(value('Contact')).toBe('+1 (303) 555-0188');
  expect(value('Location')).toBe('Denver, CO');
  expect(value('Original price')).toBe('$65,900');
  expect(value('Current price')).toBe('$44,100');
  expect(value('Used')).toBe('4 years');
  expect(value('Seller')).toBe('Sam Patel');
  expect(value('Posted')).toBe('Jan 15, 2025');
  expect(screen.getByRole('link', { name: '← All Audi cars' })).toHaveAttribute('href', '/audis');
});

test('a visitor is offered the login instead of Book Now', async () => {
  signInAs('visitor');
  renderDetail();
  await screen.findByRole('heading', { level: 1 });
  expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
});

test('a Buyer is offered Ask the seller; a visitor the login that leads there; a Seller neither', async () => {
  signInAs('Buyer');
  const buyers = renderDetail();
  expect(await screen.findByRole('link', { name: 'Ask the seller' })).toHaveAttribute('href', `/messages/new/${car._id}`);
  buyers.unmount();

  signInAs('visitor');
  const visitors = renderDetail();
  expect(await screen.findByRole('link', { name: 'Log in to ask the seller' })).toHaveAttribute('href', '/login');
  visitors.unmount();

  signInAs('Seller');
  renderDetail();
  await screen.findByRole('heading', { level: 1 });
  expect(screen.queryByRole('link', { name: /ask the seller/i })).not.toBeInTheDocument();
});

test('a Seller cannot book', async () => {
  signInAs('Seller');
  renderDetail();
  await screen.findByRole('heading', { level: 1 });
  expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
  expect(screen.getByText('Only buyer accounts can book cars.')).toBeInTheDocument();
});

test("a Buyer's Book Now opens checkout's dialog for this car, and focus comes back when it closes", async () => {
  signInAs('Buyer');
  const user = userEvent.setup();
  renderDetail();
  const book = await screen.findByRole('button', { name: 'Book Now' });
  await user.click(book);
  const dialog = screen.getByRole('dialog', { name: 'checkout/BookingDialog' });
  expect(dialog).toHaveTextContent('Audi A6 55 TFSI Prestige');
  await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(book).toHaveFocus();
});

test.each([
  ['an unknown id', 404, 'No audi car with id 00000000-0000-4000-8000-00000000ffff'],
  ['a malformed id', 400, 'id must be a valid id'],
])('%s shows a clear not-found view', async (_, status, message) => {
  signInAs('Buyer');
  api.reply('GET', '/audis/not-a-car', status, { message });
  renderDetail('/audis/not-a-car');
  expect(await screen.findByRole('heading', { level: 1, name: 'Car not found' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'See all Audi cars' })).toHaveAttribute('href', '/audis');
  expect(api.sent('GET', '/audis/not-a-car')).toHaveLength(1);
});

test('a failed load offers Retry', async () => {
  signInAs('Buyer');
  const user = userEvent.setup();
  // The first response is a proxy's 503 in front of an API that is down, the next the car.
  let calls = 0;
  api.reply('GET', `/mercedess/${car._id}`, () => (++calls === 1 ? { status: 503 } : { status: 200, body: car }));
  renderDetail(`/mercedess/${car._id}`, 'mercedes');
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('We could not load this car');
  await user.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Audi A6 55 TFSI Prestige' })).toBeInTheDocument();
  expect(api.sent('GET', `/mercedess/${car._id}`)).toHaveLength(2);
});

test("the page's title is the car's name; an id the API does not know shows Car not found, titled so", async () => {
  signInAs('visitor');
  renderDetail();
  await screen.findByRole('heading', { level: 1, name: 'Audi A6 55 TFSI Prestige' });
  expect(document.title).toBe('Audi A6 55 TFSI Prestige');

  api.reply('GET', '/audis/00000000-0000-4000-8000-000000000000', 404, { message: 'No audi car with id 00000000-0000-4000-8000-000000000000' });
  renderDetail('/audis/00000000-0000-4000-8000-000000000000');
  expect(await screen.findByRole('heading', { level: 1, name: 'Car not found' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'See all Audi cars' })).toBeInTheDocument();
  expect(document.title).toBe('Car not found');
  // The cars asked for (a Buyer's saved-cars read from the test before may still arrive).
  expect(api.requests.map(({ path }) => path).filter((path) => path.startsWith('/audis/'))).toEqual([carPath, '/audis/00000000-0000-4000-8000-000000000000']);
});

test("a car's page offers a Buyer the heart", async () => {
  signInAs('Buyer');
  renderDetail();
  await screen.findByRole('heading', { level: 1 });
  expect(screen.getByRole('button', { name: 'Save car' })).toHaveAttribute('aria-pressed', 'false');
  expect(api.undeclared).toEqual([]);
});

test("a car's page says when its price was last cut", async () => {
  signInAs('visitor');
  api.reply('GET', carPath, 200, {
    ...car,
    priceHistory: [
      { price: 45000, at: '2026-11-01T09:00:00.000Z' },
      { price: 44100, at: '2026-11-20T10:00:00.000Z' },
    ],
  });
  renderDetail();
  expect(await screen.findByText('Price dropped $900 on Nov 20')).toBeInTheDocument();
});

test("an ended or hidden car's page says why it left, not an error", async () => {
  signInAs('Buyer');
  api.reply('GET', carPath, 410, { message: 'The seller sold this car elsewhere', removed: 'soldElsewhere' });
  renderDetail();
  expect(await screen.findByRole('heading', { level: 1, name: 'No longer listed' })).toBeInTheDocument();
  expect(screen.getByText('The seller sold this car elsewhere')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'See all Audi cars' })).toHaveAttribute('href', '/audis');
  expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  expect(document.title).toContain('No longer listed');
});
