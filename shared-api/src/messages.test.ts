/** @jest-environment node */
import { connect } from '@usedcars/federation';
import { readRuntimeConfig } from '@usedcars/federation/config';
import { runtimeRegistry } from '@usedcars/federation/runtime';
import { until } from '../../jest/until';
import { followMessages } from './messages';
import { NO_RESPONSE, fakeApi, type FakeResponse } from './testing';

const api = fakeApi();
const STREAM = '/conversations/stream';
const streamed = (...events: string[]): FakeResponse => ({ status: 200, headers: { 'Content-Type': 'text/event-stream' }, text: events.join('') });
const requests = () => api.sent('GET', STREAM);

/** The responses in order; after the last, the stream stays open and silent. */
function replies(...responses: FakeResponse[]) {
  let next = 0;
  api.reply('GET', STREAM, (request) => (next < responses.length ? responses[next++]! : NO_RESPONSE(request)));
}

let controller: AbortController;
beforeEach(() => {
  controller = new AbortController();
});
afterEach(() => {
  controller.abort();
  jest.useRealTimers();
});

test('each event reaches its listener; after the stream ends it resumes from the last event id, with the token held now', async () => {
  replies(streamed('id: 7\nevent: unread\ndata: {"unread":2}\n\n', 'id: 8\nevent: message\ndata: {"_id":"m8","text":"Still for sale?"}\n\n'));
  const unread: number[] = [];
  const messages: string[] = [];
  void followMessages({ unread: (data) => unread.push(data.unread), message: (data) => messages.push(data.text) }, controller.signal);
  await until(
    () => requests().length,
    (sent) => sent === 2,
    'a second request after the stream ended',
  );
  expect(unread).toEqual([2]);
  expect(messages).toEqual(['Still for sale?']);
  expect(requests()[0]!.headers['last-event-id']).toBeUndefined();
  expect(requests()[1]!.headers).toMatchObject({ 'last-event-id': '8', authorization: `Bearer ${api.token}` });
});

test('a 401 is tried again at once with a refreshed token; refused again, the session is over and it stops', async () => {
  let token = 'expired-token';
  connect({
    config: readRuntimeConfig({ apiUrl: api.base }),
    session: { accessToken: () => token, refreshAccessToken: async () => (token = 'refreshed-token') },
    registry: runtimeRegistry(),
  });
  replies({ status: 401, body: { message: 'The access token has expired' } }, { status: 401, body: { message: 'The access token has expired' } });
  await expect(followMessages({}, controller.signal)).resolves.toBeUndefined();
  expect(requests().map((request) => request.headers.authorization)).toEqual(['Bearer expired-token', 'Bearer refreshed-token']);
});

test('while the API fails, it waits longer after each failure (1 s, 2 s, 5 s), and stops waiting once aborted', async () => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'performance', 'hrtime'] });
  const outage = { status: 503, body: { message: 'The database is not available' } };
  replies(outage, outage, outage);
  const following = followMessages({}, controller.signal);
  for (const [count, waitMs] of [
    [1, 1_000],
    [2, 2_000],
    [3, 5_000],
  ] as const) {
    await until(
      () => [requests().length, jest.getTimerCount()],
      ([sent, timers]) => sent === count && timers === 1,
      `request ${count}, then a wait`,
    );
    jest.advanceTimersByTime(waitMs - 1);
    expect(requests().length).toBe(count);
    jest.advanceTimersByTime(1);
  }
  await until(
    () => requests().length,
    (sent) => sent === 4,
    'the request after the third wait',
  );
  controller.abort();
  await expect(following).resolves.toBeUndefined();
});
