/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NO_RESPONSE, fakeApi } from '@usedcars/shared-api/testing';
import { conversation, message, renderMessages, signInAs, streamOf } from '../../testing/renderMessages';
import InboxPage from './InboxPage';

const api = fakeApi();

beforeEach(() => {
  signInAs('Seller', 'Sam Seller', 'sam@usedcars.test');
  api.reply('GET', '/conversations/stream', NO_RESPONSE);
});

const asked = conversation({ side: 'seller', unread: 2, lastMessage: message(2, 'And are there two keys?', 'buyer') });

test('lists each conversation with its car, the other person, the last message and its unread mark', async () => {
  const replied = conversation({
    _id: 'c2',
    carName: 'Audi A3',
    side: 'seller',
    buyerName: 'Al Buyer',
    lastMessage: message(3, 'Yes, both.', 'seller', 'c2'),
  });
  api.reply('GET', '/conversations', 200, { items: [asked, replied], unread: 2 });
  renderMessages(<InboxPage />, { path: '/messages' });
  const list = await screen.findByRole('list');
  const [first, second] = within(list).getAllByRole('link');
  expect(first).toHaveAttribute('href', '/messages/c1');
  expect(first).toHaveTextContent(/Honda Jazz 2019.*2 unread.*Buyer: Bea Buyer.*And are there two keys\?/);
  expect(second).toHaveAttribute('href', '/messages/c2');
  expect(second).toHaveTextContent(/Audi A3.*Buyer: Al Buyer.*You: Yes, both\./);
  expect(second).not.toHaveTextContent(/unread/);
  expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
});

test('says how conversations start when there is none yet', async () => {
  api.reply('GET', '/conversations', 200, { items: [], unread: 0 });
  renderMessages(<InboxPage />, { path: '/messages' });
  expect(await screen.findByText(/No conversations yet/)).toBeInTheDocument();
});

test('shows why the inbox could not be read, and reads it again on Retry', async () => {
  api.reply('GET', '/conversations', 500, { message: 'The database is away' });
  renderMessages(<InboxPage />, { path: '/messages' });
  expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your messages. The database is away');
  api.reply('GET', '/conversations', 200, { items: [asked], unread: 2 });
  await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('link', { name: /Honda Jazz 2019/ })).toBeInTheDocument();
});

test('reads the list again when a message arrives on the stream, without a reload', async () => {
  api.reply('GET', '/conversations', 200, { items: [], unread: 0 });
  let streamed = false;
  let sendMessage = () => {};
  // The message is streamed once the empty inbox is on screen, so the read it causes is the one that finds it.
  const inboxShown = new Promise<void>((resolve) => (sendMessage = resolve));
  api.reply('GET', '/conversations/stream', async (request) => {
    if (streamed) return NO_RESPONSE(request);
    streamed = true;
    await inboxShown;
    return { status: 200, headers: { 'Content-Type': 'text/event-stream' }, text: streamOf(['message', message(2, 'And are there two keys?', 'buyer')]) };
  });
  renderMessages(<InboxPage />, { path: '/messages' });
  await screen.findByText(/No conversations yet/);
  api.reply('GET', '/conversations', 200, { items: [asked], unread: 2 });
  sendMessage();
  expect(await screen.findByRole('link', { name: /2 unread/ })).toBeInTheDocument();
  expect(api.sent('GET', '/conversations/stream')[0]?.headers.authorization).toMatch(/^Bearer /);
});
