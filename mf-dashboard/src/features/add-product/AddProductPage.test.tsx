/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { FAKE_TOKEN, fakeApi, type SentRequest } from '@usedcars/shared-api/testing';
import { renderDashboard, signInAs } from '../../testing/renderDashboard';
import AddProductPage from './AddProductPage';

jest.mock('react-hot-toast', () => ({ __esModule: true, default: { success: jest.fn(), error: jest.fn() } }));

const api = fakeApi();
/** The file name of a photo upload (multipart/form-data, field `photo`). */
const photoName = (sent: SentRequest) => /filename="([^"]+)"/.exec(String(sent.body))?.[1];

const PATH = '/dashboard/addProduct';

beforeEach(() => {
  jest.clearAllMocks();
  signInAs('Seller', 'Dana Driver');
  // What similar cars sell for, asked for as the seller fills the form in.
  api.reply('GET', '/market/estimate', 200, { estimate: 14_300, comparables: 23 });
});

/** What the form sent the API, the market's estimates aside. */
const writes = () => api.requests.filter((sent) => sent.path !== '/market/estimate');

async function fillIn(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const field = screen.getByLabelText(label);
    if (field.tagName === 'SELECT') {
      await user.selectOptions(field, value);
      continue;
    }
    await user.clear(field);
    // Pasting keeps the test quick; typing is covered by the field-by-field test.
    await user.click(field);
    await user.paste(value);
  }
}

const complete = {
  'Car name': 'Audi A4 2.0 TFSI Premium',
  'Image link': 'https://example.test/a4.jpg',
  'Current price': '21500',
  'Original price': '41200',
  'Purchase year': '2019',
  Used: '4 years',
  Condition: 'Good',
  Location: 'Austin',
  Contact: '+1 415 555 0100',
  Details: 'One owner, full service history.',
  Mileage: '45000',
  Fuel: 'diesel',
  Gearbox: 'automatic',
  Body: 'saloon',
  Colour: 'blue',
  'Previous owners': '1',
};

test('shows the nineteen fields, all required, with their defaults', () => {
  renderDashboard(<AddProductPage />, { path: PATH });
  expect(document.title).toBe('Dashboard - Add Product');
  const form = screen.getByRole('form', { name: 'Add Product' });
  const fields = within(form).getAllByRole('textbox').concat(within(form).getAllByRole('spinbutton'), within(form).getAllByRole('combobox'));
  // The date input has no ARIA role in jsdom; it is looked up by label below.
  expect(fields).toHaveLength(18);
  for (const field of fields) expect(field).toBeRequired();
  expect(screen.getByLabelText('Posted on')).toHaveAttribute('type', 'date');
  expect(screen.getByLabelText('Current price')).toHaveAttribute('type', 'number');
  expect(screen.getByLabelText('Category')).toHaveValue('audi');
  expect(
    within(screen.getByLabelText('Category'))
      .getAllByRole('option')
      .map((option) => option.getAttribute('value')),
  ).toEqual(['audi', 'honda', 'mercedes']);
  expect(screen.getByLabelText('Seller name')).toHaveValue('Dana Driver');
});

test('submitting an empty form puts each message beside its field and focuses the first', async () => {
  const user = userEvent.setup();
  renderDashboard(<AddProductPage />, { path: PATH });
  await user.click(screen.getByRole('button', { name: 'Add Product' }));

  const carName = screen.getByLabelText('Car name');
  expect(carName).toHaveFocus();
  expect(carName).toHaveAttribute('aria-invalid', 'true');
  expect(carName).toHaveAccessibleDescription(expect.stringContaining('Car name is required'));
  expect(screen.getByLabelText('Image link')).toHaveAccessibleDescription(expect.stringContaining('Image link is required'));
  expect(screen.getByLabelText('Current price')).toHaveAccessibleDescription(expect.stringContaining('Current price is required'));
  expect(screen.getByLabelText('Details')).toHaveAccessibleDescription('Details is required');
  // Defaults are valid: the category, the seller and the date carry no message.
  expect(screen.getByLabelText('Category')).not.toHaveAttribute('aria-invalid');
  expect(screen.getByLabelText('Posted on')).not.toHaveAttribute('aria-invalid');
  expect(screen.getByRole('alert')).toHaveTextContent('Please correct the 16 fields marked above.');
  expect(screen.getByText('Fuel is required')).toBeInTheDocument();
  expect(writes()).toEqual([]);
});

test('a field is checked when it is left, and the message clears as it is fixed', async () => {
  const user = userEvent.setup();
  renderDashboard(<AddProductPage />, { path: PATH });
  await user.type(screen.getByLabelText('Image link'), 'not a link');
  await user.tab();
  const img = screen.getByLabelText('Image link');
  expect(img).toHaveAccessibleDescription(expect.stringContaining('Image link must be an http(s) link or a path starting with /images/'));
  // Only the field that was left speaks up.
  expect(screen.getByLabelText('Car name')).not.toHaveAttribute('aria-invalid');

  await user.clear(img);
  await user.type(img, '/images/audi-a4.svg');
  expect(img).not.toHaveAttribute('aria-invalid');
  expect(screen.getByRole('img', { name: 'Preview of the car' })).toHaveAttribute('src', `${api.base}/images/audi-a4.svg`);

  await user.type(screen.getByLabelText('Current price'), '0');
  await user.tab();
  expect(screen.getByText('Current price must be a positive number')).toBeInTheDocument();
});

test('a valid car is sent with numeric prices, then the seller lands on My Product', async () => {
  const user = userEvent.setup();
  api.reply('POST', '/hondas', 201, { acknowledged: true, message: 'Car added', insertedId: 'c9' });
  renderDashboard(<AddProductPage />, { path: PATH });
  await fillIn(user, complete);
  await user.selectOptions(screen.getByLabelText('Category'), 'honda');
  await user.click(screen.getByRole('button', { name: 'Add Product' }));

  expect(await screen.findByText('Now at /dashboard/myProduct')).toBeInTheDocument();
  const [sent] = api.sent('POST', '/hondas');
  expect(sent?.body).toEqual(
    expect.objectContaining({
      carName: 'Audi A4 2.0 TFSI Premium',
      currentPrice: 21500,
      price: 41200,
      categoryName: 'honda',
      sellerName: 'Dana Driver',
      mileage: 45000,
      fuel: 'diesel',
      previousOwners: 1,
    }),
  );
  expect(sent?.headers.authorization).toBe(`Bearer ${FAKE_TOKEN}`);
  expect(writes()).toHaveLength(1);
  expect(toast.success).toHaveBeenCalledWith('Audi A4 2.0 TFSI Premium added');
});

test('the seller sees what similar cars sell for, and the rating the price would get, as they fill the form in', async () => {
  const user = userEvent.setup();
  renderDashboard(<AddProductPage />, { path: PATH });
  await fillIn(user, { 'Car name': 'Honda Civic EX', 'Purchase year': '2019', Mileage: '41000' });
  await waitFor(() =>
    expect(api.sent('GET', '/market/estimate').at(-1)?.query).toEqual({ category: 'audi', carName: 'Honda Civic EX', purchaseYear: '2019', mileage: '41000' }),
  );
  expect(await screen.findByText('Similar cars sell for about $14,300 (23 listed by other sellers).')).toBeInTheDocument();
  await fillIn(user, { 'Current price': '13100' });
  expect(await screen.findByText('$1,200 below the $14,300 estimate from 23 similar cars')).toBeInTheDocument();
  expect(screen.getByText('Good deal')).toBeInTheDocument();
});

test("the server's refusal is shown and the seller stays on the form", async () => {
  const user = userEvent.setup();
  api.reply('POST', '/audis', 403, { message: 'Only Seller accounts can add cars' });
  renderDashboard(<AddProductPage />, { path: PATH });
  await fillIn(user, complete);
  await user.click(screen.getByRole('button', { name: 'Add Product' }));
  expect(await screen.findByText('The car was not added: Only Seller accounts can add cars')).toBeInTheDocument();
  expect(screen.queryByText(/Now at/)).not.toBeInTheDocument();
  expect(screen.getByLabelText('Car name')).toHaveValue('Audi A4 2.0 TFSI Premium');
});

test('a buyer who types /dashboard/addProduct gets no form, only the reason', () => {
  signInAs('Buyer');
  renderDashboard(<AddProductPage />, { path: PATH });
  expect(screen.getByRole('heading', { level: 1, name: 'Add Product' })).toBeInTheDocument();
  expect(screen.getByText('Only sellers can add cars.')).toBeInTheDocument();
  expect(screen.queryByRole('form')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Add Product' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to your dashboard' })).toHaveAttribute('href', '/dashboard');
});

describe('photos', () => {
  const file = (name: string, bytes = 1000) => new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });
  const { 'Image link': _link, ...withoutLink } = complete;

  test('picked photos are put in order before the car exists, then sent one by one to it; the link may stay empty', async () => {
    const user = userEvent.setup();
    api.reply('POST', '/audis', 201, { acknowledged: true, message: 'added', insertedId: 'new-car' });
    let stored = 0;
    api.reply('POST', '/audis/new-car/photos', () => {
      stored += 1;
      return { status: 201, body: { img: '/photos/x.jpg', photos: Array.from({ length: stored }, () => ({})) } };
    });
    renderDashboard(<AddProductPage />, { path: PATH });
    await fillIn(user, withoutLink);
    await user.upload(screen.getByLabelText('Add photos'), [file('front.jpg'), file('side.jpg'), file('back.jpg')]);
    const rows = () => within(screen.getByRole('list', { name: 'Files to upload' })).getAllByRole('listitem');
    expect(rows()).toHaveLength(3);
    expect(within(rows()[0]!).getByText('Cover')).toBeInTheDocument();
    expect(within(rows()[1]!).getByRole('progressbar', { name: 'Upload of side.jpg' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make cover, back.jpg' }));
    await user.click(screen.getByRole('button', { name: 'Move right, front.jpg' }));
    await user.click(screen.getByRole('button', { name: 'Add Product and upload photos' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Audi A4 2.0 TFSI Premium added with 3 photos'));
    expect(api.sent('POST', '/audis')[0]?.body).toEqual(expect.objectContaining({ img: '/images/cars/sedan-grey.svg' }));
    const uploads = api.sent('POST', '/audis/new-car/photos');
    expect(uploads.map(photoName)).toEqual(['back.jpg', 'side.jpg', 'front.jpg']);
    expect(uploads.map((sent) => sent.headers.authorization)).toEqual(Array(3).fill(`Bearer ${FAKE_TOKEN}`));
  });

  test('a refused photo leaves the car added: its message is next to it, and the page stays to try again', async () => {
    const user = userEvent.setup();
    api.reply('POST', '/audis', 201, { acknowledged: true, message: 'added', insertedId: 'new-car' });
    api.reply('POST', '/audis/new-car/photos', (sent) =>
      photoName(sent) === 'notes.jpg'
        ? { status: 415, body: { message: 'notes.jpg is not a picture we can read', file: 'notes.jpg' } }
        : { status: 201, body: { img: '/photos/x.jpg', photos: [] } },
    );
    renderDashboard(<AddProductPage />, { path: PATH });
    await fillIn(user, complete);
    await user.upload(screen.getByLabelText('Add photos'), [file('front.jpg'), file('notes.jpg'), file('huge.jpg', 11 * 1024 * 1024)]);
    const huge = screen.getByText('huge.jpg').closest('li')!;
    expect(within(huge).getByRole('alert')).toHaveTextContent('huge.jpg is larger than 10 MB');
    await user.click(screen.getByRole('button', { name: 'Add Product and upload photos' }));

    expect(await screen.findByText(/was added, but one photo was not/)).toBeInTheDocument();
    const notes = screen.getByText('notes.jpg').closest('li')!;
    expect(within(notes).getByRole('alert')).toHaveTextContent('notes.jpg is not a picture we can read');
    expect(api.sent('POST', '/audis/new-car/photos').map(photoName)).toEqual(['front.jpg', 'notes.jpg']);
    expect(api.sent('POST', '/audis')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to My Products' })).toBeInTheDocument();
  });
});
