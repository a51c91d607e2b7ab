import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiUnreachableError, fetchCarPage } from '@usedcars/shared-auth';
import BrandListPage from './BrandListPage';
import { currentAddress, makeCar, renderAt, signInAs } from '../cars/testing';

jest.mock('@usedcars/shared-auth', () => ({ ...jest.requireActual('@usedcars/shared-auth'), fetchCarPage: jest.fn() }));
const fetchPage = jest.mocked(fetchCarPage);

const lastQuery = () => fetchPage.mock.calls.at(-1)?.[1];

beforeEach(() => {
  fetchPage.mockReset();
  fetchPage.mockImplementation(async () => ({ cars: [makeCar(), makeCar()], total: 2 }));
  signInAs('Buyer');
});

test('the list asks the API for one page of the brand, newest first, and shows the cars', async () => {
  renderAt('/audis', <BrandListPage category="audi" />);
  expect(screen.getByRole('heading', { level: 1, name: 'Audi cars' })).toBeInTheDocument();
  expect(screen.getByTestId('car-skeletons')).toBeInTheDocument();
  expect(await screen.findAllByRole('article')).toHaveLength(2);
  expect(screen.queryByTestId('car-skeletons')).not.toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: '2 cars' })).toBeInTheDocument();
  expect(fetchPage).toHaveBeenCalledWith('audi', { sort: 'newest', limit: 24, offset: 0 }, expect.anything());
  expect(document.title).toBe('Used Cars');
});

test('applying filters puts them in the address and in the query', async () => {
  const user = userEvent.setup();
  renderAt('/hondas', <BrandListPage category="honda" />);
  await screen.findAllByRole('article');
  const search = screen.getByRole('search', { name: 'Search and filter cars' });
  await user.type(within(search).getByLabelText('Search'), 'civic');
  await user.type(within(search).getByLabelText('Min price ($)'), '10000');
  await user.type(within(search).getByLabelText('Max price ($)'), '20000');
  await user.type(within(search).getByLabelText('Year'), '2019');
  await user.type(within(search).getByLabelText('Location'), 'Austin');
  await user.click(within(search).getByRole('button', { name: 'Apply filters' }));

  expect(currentAddress()).toBe('/hondas?q=civic&minPrice=10000&maxPrice=20000&year=2019&location=Austin');
  // The keyboard user's place survives the new address.
  expect(within(search).getByRole('button', { name: 'Apply filters' })).toHaveFocus();
  await waitFor(() =>
    expect(lastQuery()).toEqual({ q: 'civic', minPrice: 10000, maxPrice: 20000, year: '2019', location: 'Austin', sort: 'newest', limit: 24, offset: 0 }),
  );
  expect(fetchPage.mock.calls.at(-1)?.[0]).toBe('honda');
});

test('the sort changes the address and the query at once, keeping the filters', async () => {
  const user = userEvent.setup();
  renderAt('/audis?minPrice=15000', <BrandListPage category="audi" />);
  await screen.findAllByRole('article');
  await user.selectOptions(screen.getByLabelText('Sort by'), 'Price: low to high');
  expect(currentAddress()).toBe('/audis?minPrice=15000&sort=price');
  await waitFor(() => expect(lastQuery()).toMatchObject({ minPrice: 15000, sort: 'price', offset: 0 }));
  await user.selectOptions(screen.getByLabelText('Sort by'), 'Year: newest first');
  expect(currentAddress()).toBe('/audis?minPrice=15000&sort=-year');
  await waitFor(() => expect(lastQuery()).toMatchObject({ sort: '-year' }));
});

test('a shared link restores the view: the fields show its filters and the query uses them', async () => {
  renderAt('/mercedes?q=amg&maxPrice=60000&sort=-price&page=2', <BrandListPage category="mercedes" />);
  await waitFor(() => expect(lastQuery()).toEqual({ q: 'amg', maxPrice: 60000, sort: '-price', limit: 24, offset: 24 }));
  expect(screen.getByLabelText('Search')).toHaveValue('amg');
  expect(screen.getByLabelText('Max price ($)')).toHaveValue(60000);
  expect(screen.getByLabelText('Sort by')).toHaveValue('-price');
});

test('values the API would refuse are left out of the query rather than breaking the page', async () => {
  renderAt('/audis?minPrice=cheap&year=19&sort=best&page=-3', <BrandListPage category="audi" />);
  await waitFor(() => expect(lastQuery()).toEqual({ sort: 'newest', limit: 24, offset: 0 }));
});

test('pages: Next page asks for the next 24 cars and the address remembers the page', async () => {
  const user = userEvent.setup();
  fetchPage.mockImplementation(async (_category, query) => ({
    cars: Array.from({ length: query.offset === 24 ? 6 : 24 }, () => makeCar()),
    total: 30,
  }));
  renderAt('/audis?year=2020', <BrandListPage category="audi" />);
  expect(await screen.findByRole('heading', { level: 2, name: 'Showing 1–24 of 30 cars' })).toBeInTheDocument();
  const pages = screen.getByRole('navigation', { name: 'Pages' });
  expect(within(pages).getByText('Page 1 of 2')).toBeInTheDocument();
  await user.click(within(pages).getByRole('link', { name: 'Next page' }));
  expect(currentAddress()).toBe('/audis?year=2020&page=2');
  expect(await screen.findByRole('heading', { level: 2, name: 'Showing 25–30 of 30 cars' })).toHaveFocus();
  expect(lastQuery()).toMatchObject({ year: '2020', offset: 24, limit: 24 });
  expect(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('link', { name: 'Previous page' })).toHaveAttribute(
    'href',
    '/audis?year=2020',
  );
});

test('no match shows an empty state that can clear the filters', async () => {
  const user = userEvent.setup();
  fetchPage.mockImplementation(async (_category, query) => (query.minPrice ? { cars: [], total: 0 } : { cars: [makeCar()], total: 1 }));
  renderAt('/audis?minPrice=900000', <BrandListPage category="audi" />);
  expect(await screen.findByRole('heading', { name: 'No Audi cars match your search' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Clear filters' }));
  expect(currentAddress()).toBe('/audis');
  expect(await screen.findAllByRole('article')).toHaveLength(1);
  expect(screen.getByLabelText('Min price ($)')).toHaveValue(null);
});

test('a failed load says so and Retry loads again', async () => {
  const user = userEvent.setup();
  fetchPage.mockRejectedValueOnce(new ApiUnreachableError());
  renderAt('/audis', <BrandListPage category="audi" />);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('We could not load the Audi cars');
  expect(alert).toHaveTextContent('We could not reach the Used Cars server');
  await user.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await screen.findAllByRole('article')).toHaveLength(2);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('a Seller browsing the list sees More Details on every card', async () => {
  signInAs('Seller');
  renderAt('/audis', <BrandListPage category="audi" />);
  await screen.findAllByRole('article');
  expect(screen.getAllByRole('link', { name: 'More Details' })).toHaveLength(2);
  expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
});
