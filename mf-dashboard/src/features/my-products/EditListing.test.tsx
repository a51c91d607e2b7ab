/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FAKE_TOKEN, fakeApi } from '@usedcars/shared-api/testing';
import type { Car } from '@usedcars/shared-contract';
import { car } from '../../testing/fixtures';
import { renderDashboard, signInAs } from '../../testing/renderDashboard';
import { serveSellerCars } from '../../testing/sellerCars';
import MyProductPage from './MyProductPage';

const api = fakeApi();
/** The changes that reached PATCH /audis/a1, the one car these tests edit. */
const changes = () => api.sent('PATCH', '/audis/a1').map((sent) => sent.body);

/** The seller's one Audi, as the API holds it: a change made through PATCH is what the next read returns. */
function serveOne(initial: Car) {
  const held = { audi: [initial] };
  serveSellerCars(api, held);
  api.reply('PATCH', `/audis/${initial._id}`, ({ body }) => {
    held.audi = [{ ...held.audi[0]!, ...(body as Partial<Car>) }];
    return { status: 200, body: held.audi[0] };
  });
}

beforeEach(() => {
  signInAs('Seller', 'Dana D.', 'dana@usedcars.test');
  api.reply('GET', '/users', 200, [{ _id: 'u1', name: 'Dana Driver', email: 'dana@usedcars.test', role: 'Seller' }]);
  api.reply('GET', '/favourites/counts', 200, []);
});

async function openEdit(name: string) {
  renderDashboard(<MyProductPage />, { path: '/dashboard/myProduct' });
  await userEvent.click(await screen.findByRole('button', { name: `Edit ${name}` }));
  return screen.getByRole('dialog', { name: `Edit ${name}` });
}

test('a new price and details are sent as changes only, and My Products shows the new price', async () => {
  const user = userEvent.setup();
  serveOne(car({ _id: 'a1', carName: 'Audi Q5', currentPrice: 21500 }));
  const dialog = await openEdit('Audi Q5');
  const price = within(dialog).getByLabelText('Current price');
  expect(price).toHaveFocus();
  await user.clear(price);
  await user.type(price, '19900');
  await user.type(within(dialog).getByLabelText('Condition'), ', new tyres');
  await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(await screen.findByRole('cell', { name: '$19,900' })).toBeInTheDocument();
  expect(changes()).toEqual([{ currentPrice: 19900, condition: expect.stringMatching(/, new tyres$/) }]);
  expect(api.sent('PATCH', '/audis/a1')[0]?.headers.authorization).toBe(`Bearer ${FAKE_TOKEN}`);
  expect(api.undeclared).toEqual([]);
});

test('a wrong value is named under its field and nothing is sent; an unchanged form says so', async () => {
  const user = userEvent.setup();
  serveOne(car({ _id: 'a1', carName: 'Audi Q5' }));
  const dialog = await openEdit('Audi Q5');
  await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Nothing has changed yet.');
  await user.clear(within(dialog).getByLabelText('Current price'));
  await user.type(within(dialog).getByLabelText('Current price'), '-5');
  await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
  expect(within(dialog).getByLabelText('Current price')).toHaveAccessibleDescription('Current price must be a positive number');
  expect(changes()).toEqual([]);
});

test("the API's refusal is shown beside the form and every value typed stays", async () => {
  const user = userEvent.setup();
  serveOne(car({ _id: 'a1', carName: 'Audi Q5' }));
  api.reply('PATCH', '/audis/a1', 409, { message: 'This listing was hidden by the moderators and can\u2019t be changed: spam' });
  const dialog = await openEdit('Audi Q5');
  await user.clear(within(dialog).getByLabelText('Location'));
  await user.type(within(dialog).getByLabelText('Location'), 'Oakland, CA');
  await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
  // The alert region is there before the response arrives; its text is what tells.
  await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('The listing was not changed: This listing was hidden by the moderators'));
  expect(within(dialog).getByLabelText('Location')).toHaveValue('Oakland, CA');
  expect(screen.getByRole('dialog')).toBeInTheDocument();
});

test("a sold car's price is read-only with the reason; its text may still change", async () => {
  const user = userEvent.setup();
  serveOne(car({ _id: 'a1', carName: 'Audi Q5', status: 'sold' }));
  const dialog = await openEdit('Audi Q5');
  const price = within(dialog).getByLabelText('Current price');
  expect(price).toHaveAttribute('readonly');
  expect(price).toHaveAccessibleDescription("This car has been sold; its price and listing can't change");
  await user.type(within(dialog).getByLabelText('Details'), ' Winter tyres included.');
  await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(changes()).toEqual([{ details: expect.stringMatching(/Winter tyres included\.$/) }]));
  expect(screen.queryByRole('button', { name: /Withdraw|sold elsewhere/ })).not.toBeInTheDocument();
});

test('Withdraw asks first: Escape leaves the car listed; confirmed, the car reads Withdrawn and offers no more changes', async () => {
  const user = userEvent.setup();
  serveOne(car({ _id: 'a1', carName: 'Audi Q5', status: 'booked' }));
  renderDashboard(<MyProductPage />, { path: '/dashboard/myProduct' });
  const withdraw = await screen.findByRole('button', { name: 'Withdraw Audi Q5' });
  await user.click(withdraw);
  let dialog = screen.getByRole('dialog', { name: 'Withdraw Audi Q5?' });
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  expect(dialog).toHaveTextContent('Its bookings are cancelled and each booked buyer is told.');
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(withdraw).toHaveFocus();
  expect(changes()).toEqual([]);

  await user.click(withdraw);
  dialog = screen.getByRole('dialog', { name: 'Withdraw Audi Q5?' });
  await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
  expect(await screen.findByText('Withdrawn')).toBeInTheDocument();
  expect(changes()).toEqual([{ status: 'withdrawn' }]);
  expect(screen.queryByRole('button', { name: 'Edit Audi Q5' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Mark sold elsewhere, Audi Q5' })).not.toBeInTheDocument();
});

test('a refused ending keeps the dialog open with the reason', async () => {
  const user = userEvent.setup();
  serveOne(car({ _id: 'a1', carName: 'Audi Q5' }));
  api.reply('PATCH', '/audis/a1', 409, { message: "This car has been sold; its price and listing can't change" });
  renderDashboard(<MyProductPage />, { path: '/dashboard/myProduct' });
  await user.click(await screen.findByRole('button', { name: 'Mark sold elsewhere, Audi Q5' }));
  const dialog = screen.getByRole('dialog', { name: 'Mark Audi Q5 sold elsewhere?' });
  await user.click(within(dialog).getByRole('button', { name: 'Mark sold elsewhere' }));
  // The alert region is there from the start (so it is announced); the reason arrives with the response.
  await waitFor(() =>
    expect(within(dialog).getByRole('alert')).toHaveTextContent("The listing did not end: This car has been sold; its price and listing can't change"),
  );
  expect(changes()).toEqual([{ status: 'soldElsewhere' }]);
});

test('a car the moderators hid shows why, and offers no edit', async () => {
  serveOne(car({ _id: 'a1', carName: 'Audi Q5', hiddenReason: 'Stock photos only' }));
  renderDashboard(<MyProductPage />, { path: '/dashboard/myProduct' });
  expect(await screen.findByText('Hidden by the moderators: Stock photos only')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Edit Audi Q5' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Withdraw Audi Q5' })).not.toBeInTheDocument();
});
