/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '@usedcars/shared-api/testing';
import { conversation, message, renderMessages, signInAs } from '../../testing/renderMessages';
import AskSellerPage from './AskSellerPage';

const api = fakeApi();
const CAR = '0b7e7c1e-5d43-4c8e-9f0a-2b1f3c4d5e6f';
const show = () =>
  renderMessages(<AskSellerPage />, { path: '/messages/new/:carId', at: { pathname: `/messages/new/${CAR}`, state: { carName: 'Honda Jazz 2019' } } });

beforeEach(() => signInAs('Buyer'));

test("a buyer's first question opens the new conversation; an empty one is refused in the form", async () => {
  const user = userEvent.setup();
  api.reply('GET', '/conversations', 200, { items: [], unread: 0 });
  api.reply('POST', '/conversations', 201, { _id: 'c9', carId: CAR, message: message(1, 'Any rust?', 'buyer', 'c9') });
  show();
  expect(await screen.findByText(/Your question about/)).toHaveTextContent('Your question about Honda Jazz 2019 goes to its seller');
  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByRole('textbox', { name: 'Your question' })).toHaveAccessibleDescription(/text is required/);
  expect(api.sent('POST', '/conversations')).toEqual([]);

  await user.type(screen.getByRole('textbox', { name: 'Your question' }), 'Any rust?');
  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByText('Now at /messages/c9')).toBeInTheDocument();
  expect(api.sent('POST', '/conversations')[0]?.body).toEqual({ carId: CAR, text: 'Any rust?' });
});

test('a buyer who already asked about the car goes on in that conversation', async () => {
  api.reply('GET', '/conversations', 200, { items: [conversation({ _id: 'c1', carId: CAR })], unread: 0 });
  show();
  expect(await screen.findByText('Now at /messages/c1')).toBeInTheDocument();
});

test('a refusal of the server shows under the box, the question kept', async () => {
  const user = userEvent.setup();
  api.reply('GET', '/conversations', 200, { items: [], unread: 0 });
  api.reply('POST', '/conversations', 403, { message: 'This person does not take messages from you' });
  show();
  await user.type(await screen.findByRole('textbox', { name: 'Your question' }), 'Hello?');
  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByText('This person does not take messages from you')).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Your question' })).toHaveValue('Hello?');
});

test('a seller is told sellers reply in Messages, and nothing is read', async () => {
  signInAs('Seller', 'Sam Seller', 'sam@usedcars.test');
  api.reply('GET', '/conversations', 200, { items: [], unread: 0 });
  show();
  expect(await screen.findByText(/Only buyer accounts ask sellers about their cars/)).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/messages'));
});
