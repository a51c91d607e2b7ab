/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { QueryClient } from '@tanstack/react-query';
import { fakeApi } from '@usedcars/shared-api/testing';
import { NEXT_CURSOR_HEADER, flattenScreens, remoteOf, type Conversation, type ConversationMessage, type SessionViewer } from '@usedcars/shared-contract';
import { messageKeys, threadMessages, type Thread } from '../lib/messageQueries';
import { loaders } from './loaders';

const api = fakeApi();
const buyer: SessionViewer = { uid: 'u1', email: 'b@x.test', name: 'Bea', role: 'Buyer' };
const message: ConversationMessage = {
  _id: 'm1',
  seq: 1,
  conversationId: 'k1',
  text: 'Is it still for sale?',
  from: 'buyer',
  createdAt: '2026-12-01T10:00:00.000Z',
};
const conversation: Conversation = {
  _id: 'k1',
  carId: 'c1',
  carName: 'A4',
  categoryName: 'audi',
  side: 'buyer',
  buyerName: 'Bea',
  sellerName: 'Sam',
  unread: 0,
  lastMessage: message,
  updatedAt: message.createdAt,
  blocked: false,
  reported: false,
  otherAccountDeleted: false,
};
const context = (queryClient: QueryClient, viewer: SessionViewer | null, params: Record<string, string> = {}) => ({
  queryClient,
  params,
  props: {},
  search: new URLSearchParams(),
  viewer,
  signal: new AbortController().signal,
});

test('every messages screen read before it is shown has a loader; the question form reads when shown', () => {
  const readers = flattenScreens().flatMap(({ screen }) =>
    'module' in screen && screen.readsApi && remoteOf(screen.module) === 'messages' ? [screen.module] : [],
  );
  for (const module of ['messages/InboxPage', 'messages/ConversationPage'] as const) {
    expect(readers).toContain(module);
    expect(loaders[module]).toEqual(expect.any(Function));
  }
  expect(loaders['messages/AskSellerPage']).toBeNull();
});

test('the inbox loader reads the conversations under the key the inbox reads; for nobody it reads nothing', async () => {
  api.reply('GET', '/conversations', 200, { items: [conversation], unread: 0 });
  const before = api.requests.length;
  await loaders['messages/InboxPage']!(context(new QueryClient(), null));
  expect(api.requests.length).toBe(before);
  const queryClient = new QueryClient();
  await loaders['messages/InboxPage']!(context(queryClient, buyer));
  expect(queryClient.getQueryData(messageKeys.list)).toEqual({ items: [conversation], unread: 0 });
});

test('the conversation loader reads the conversation and its newest messages, with the cursor to older ones', async () => {
  api.reply('GET', '/conversations/k1', 200, conversation);
  api.reply('GET', '/conversations/k1/messages', 200, { items: [message] }, { [NEXT_CURSOR_HEADER]: '0' });
  const queryClient = new QueryClient();
  await expect(loaders['messages/ConversationPage']!(context(queryClient, buyer, { conversationId: 'k1' }))).resolves.toEqual({ notFound: false });
  expect(queryClient.getQueryData(messageKeys.conversation('k1'))).toEqual(conversation);
  const thread = queryClient.getQueryData<Thread>(messageKeys.thread('k1'));
  expect(threadMessages(thread)).toEqual([message]);
  expect(thread?.pages[0]?.older).toBe('0');
});

test("a conversation that is not the viewer's is a 404", async () => {
  api.reply('GET', '/conversations/k9', 404, { message: 'No such conversation' });
  api.reply('GET', '/conversations/k9/messages', 404, { message: 'No such conversation' });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await expect(loaders['messages/ConversationPage']!(context(queryClient, buyer, { conversationId: 'k9' }))).resolves.toEqual({ notFound: true });
});
