/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NO_RESPONSE, fakeApi } from '@usedcars/shared-api/testing';
import type { ConversationMessage } from '@usedcars/shared-contract';
import { conversation, message, renderMessages, signInAs, streamOf } from '../../testing/renderMessages';
import ConversationPage from './ConversationPage';

const api = fakeApi();
let thread: ConversationMessage[];

beforeEach(() => {
  signInAs('Buyer');
  thread = [message(1, 'Is the service history complete?', 'buyer'), message(2, 'Yes, every stamp.', 'seller')];
  api.reply('GET', '/conversations/c1', 200, conversation({ unread: 1 }));
  api.reply('GET', '/conversations/c1/messages', () => ({ status: 200, body: { items: thread } }));
  api.reply('POST', '/conversations/c1/read', 200, { unread: 0 });
  api.reply('GET', '/conversations', 200, { items: [], unread: 0 });
  api.reply('GET', '/conversations/stream', NO_RESPONSE);
});

const show = () => renderMessages(<ConversationPage />, { path: '/messages/:conversationId', at: '/messages/c1' });
const bubbles = async () =>
  within(await screen.findByRole('list', { name: 'Messages' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

test('shows the thread oldest first, who wrote each, and marks it read', async () => {
  show();
  const title = await screen.findByRole('heading', { level: 1, name: 'Honda Jazz 2019' });
  expect(title.nextElementSibling).toHaveTextContent('Seller: Sam Seller · See the car');
  expect(screen.getByRole('link', { name: 'See the car' })).toHaveAttribute('href', '/hondas/car1');
  expect(await bubbles()).toEqual([expect.stringMatching(/^You.*Is the service history complete\?/), expect.stringMatching(/^Sam Seller.*Yes, every stamp\./)]);
  await waitFor(() => expect(api.sent('POST', '/conversations/c1/read')).toHaveLength(1));
});

test('sends a reply and shows it; an empty one is refused in the form and nothing is sent', async () => {
  const user = userEvent.setup();
  api.reply('POST', '/conversations/c1/messages', (request) => ({ status: 201, body: message(3, (request.body as { text: string }).text, 'buyer') }));
  show();
  await bubbles();
  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByRole('textbox', { name: 'Your message' })).toHaveAccessibleDescription(/text is required|text/i);
  expect(api.sent('POST', '/conversations/c1/messages')).toEqual([]);

  await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'Can I see it on Saturday?');
  await user.click(screen.getByRole('button', { name: 'Send' }));
  await waitFor(async () => expect(await bubbles()).toHaveLength(3));
  expect(api.sent('POST', '/conversations/c1/messages')[0]?.body).toEqual({ text: 'Can I see it on Saturday?' });
  expect(screen.getByRole('textbox', { name: 'Your message' })).toHaveValue('');
});

test("adds the other person's message as it arrives on the stream, and marks it read", async () => {
  let streamed = false;
  api.reply('GET', '/conversations/stream', (request) => {
    if (streamed) return NO_RESPONSE(request);
    streamed = true;
    return { status: 200, headers: { 'Content-Type': 'text/event-stream' }, text: streamOf(['message', message(5, 'Saturday at ten works.', 'seller')]) };
  });
  show();
  await waitFor(async () => expect((await bubbles()).at(-1)).toMatch(/Saturday at ten works\./));
  await waitFor(() => expect(api.sent('POST', '/conversations/c1/read').length).toBeGreaterThanOrEqual(1));
});

test('blocks the other person, and a blocked conversation has no reply box', async () => {
  const user = userEvent.setup();
  api.reply('POST', '/conversations/c1/block', 200, { message: 'Blocked: no more messages either way' });
  show();
  await bubbles();
  api.reply('GET', '/conversations/c1', 200, conversation({ blocked: true }));
  await user.click(screen.getByRole('button', { name: 'Block' }));
  expect(await screen.findByText('No messages can be sent here: one of you blocked the other.')).toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: 'Your message' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Unblock' })).toBeInTheDocument();
});

test("once the other person's account is deleted, the thread says so instead of a reply box, and offers no block", async () => {
  api.reply('GET', '/conversations/c1', 200, conversation({ side: 'seller', buyerName: 'deleted account', otherAccountDeleted: true }));
  thread = [message(2, 'Yes, every stamp.', 'seller')];
  signInAs('Seller');
  show();
  expect(await bubbles()).toEqual([expect.stringMatching(/^You.*Yes, every stamp\./)]);
  expect(screen.getByText("No messages can be sent here: the other person's account was deleted.")).toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: 'Your message' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Block' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Report' })).toBeInTheDocument();
});

test('reports the conversation with a reason', async () => {
  const user = userEvent.setup();
  api.reply('POST', '/conversations/c1/report', 201, { insertedId: 'r1', message: 'Thank you: the moderators will read this conversation' });
  show();
  await bubbles();
  await user.click(screen.getByRole('button', { name: 'Report' }));
  await user.click(screen.getByRole('button', { name: 'Send report' }));
  expect(await screen.findByText('Choose a reason', { selector: '[id$="-error"]' })).toBeInTheDocument();
  await user.selectOptions(screen.getByRole('combobox', { name: 'Reason' }), 'scam');
  api.reply('GET', '/conversations/c1', 200, conversation({ reported: true }));
  await user.click(screen.getByRole('button', { name: 'Send report' }));
  expect(await screen.findByText('You reported this conversation.')).toBeInTheDocument();
  expect(api.sent('POST', '/conversations/c1/report')[0]?.body).toEqual({ reason: 'scam' });
});

test('an address that is not one of your conversations says so', async () => {
  api.reply('GET', '/conversations/c1', 404, { message: 'No conversation of yours with id c1' });
  show();
  expect(await screen.findByRole('alert')).toHaveTextContent('No conversation of yours with id c1');
});

test('an admin reads a reported conversation without a reply box and suspends the writer with a reason', async () => {
  const user = userEvent.setup();
  signInAs('admin', 'Ada Admin', 'ada@usedcars.test');
  api.reply('GET', '/conversations/c1', 200, conversation({ side: null, people: { buyerId: 'u-bea', sellerId: 'u-sam' } }));
  api.reply('POST', '/admin/users/u-bea/suspend', 200, { message: 'Buyer suspended' });
  show();
  expect(await bubbles()).toHaveLength(2);
  expect(screen.queryByRole('textbox', { name: 'Your message' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Suspend Bea Buyer' }));
  await user.type(screen.getByRole('textbox', { name: 'Reason (they are told it)' }), 'Threatened a seller');
  await user.click(screen.getByRole('button', { name: 'Suspend' }));
  expect(await screen.findByText('Buyer suspended')).toBeInTheDocument();
  expect(api.sent('POST', '/admin/users/u-bea/suspend')[0]?.body).toEqual({ reason: 'Threatened a seller' });
  expect(api.sent('POST', '/conversations/c1/read')).toEqual([]);
});
