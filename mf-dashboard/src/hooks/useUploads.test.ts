import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, renderHook, waitFor } from '@testing-library/react';
import { connect } from '@usedcars/federation';
import { readRuntimeConfig } from '@usedcars/federation/config';
import { PHOTO_FILE_MAX_BYTES } from '@usedcars/shared-contract';
import { useUploads } from './useUploads';
import { runtimeRegistry } from '@usedcars/federation/runtime';

/**
 * The hook through the real API client (XMLHttpRequest, the token retry) against a fake of
 * the API's photo endpoint on 127.0.0.1: it accepts only the token it issued last, refuses files
 * named `bad-*`, and keeps the names of the files it received.
 */
let server: Server;
let base: string;
let accepted: string;
let received: string[];
let stored: string;
/** What the session's refresh gets from /jwt. */
let issued: string;

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('latin1');
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': 'Authorization, Accept', 'Access-Control-Allow-Methods': 'POST' };
    if (request.method === 'OPTIONS') return void response.writeHead(204, cors).end();
    const body = await bodyOf(request);
    const json = (status: number, value: unknown) => response.writeHead(status, { ...cors, 'Content-Type': 'application/json' }).end(JSON.stringify(value));
    if (request.headers.authorization !== `Bearer ${accepted}`) return json(401, { message: 'The access token is not valid or has expired; sign in again' });
    const name = /filename="([^"]+)"/.exec(body)?.[1] ?? '?';
    if (name.startsWith('bad-')) return json(422, { message: `${name} is not a picture we can read` });
    received.push(name);
    json(201, { img: `/images/${name}`, photos: received.map((file) => ({ id: file })) });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  received = [];
  accepted = 'token-1';
  stored = 'token-1';
  issued = 'token-1';
  connect({
    config: readRuntimeConfig({ apiUrl: base }),
    session: { accessToken: () => stored, refreshAccessToken: async () => (stored = issued) },
    registry: runtimeRegistry(),
  });
});

const picture = (name: string, size = 64) => new File([new Uint8Array(size)], name, { type: 'image/jpeg' });

test('each file is sent on its own: a refused one says why and holds back none of the others', async () => {
  const { result } = renderHook(() => useUploads());
  act(() => result.current.add([picture('front.jpg'), picture('bad-scan.pdf'), picture('back.jpg')], 0));
  expect(result.current.rows.map((row) => row.state)).toEqual(['waiting', 'waiting', 'waiting']);
  const responses: string[] = [];
  let refused = -1;
  await act(async () => {
    refused = await result.current.run('audi', 'car-1', (response) => responses.push(response.img));
  });
  expect(refused).toBe(1);
  expect(received).toEqual(['front.jpg', 'back.jpg']);
  expect(responses).toEqual(['/images/front.jpg', '/images/back.jpg']);
  expect(result.current.rows.map((row) => [row.file.name, row.state, row.message])).toEqual([
    ['front.jpg', 'done', undefined],
    ['bad-scan.pdf', 'refused', 'bad-scan.pdf is not a picture we can read'],
    ['back.jpg', 'done', undefined],
  ]);
  expect(result.current.pending).toBe(0);
});

test('an expired token is refreshed once through the session, and the upload goes through', async () => {
  accepted = 'token-2';
  issued = 'token-2';
  const { result } = renderHook(() => useUploads());
  act(() => result.current.add([picture('side.jpg')], 0));
  await act(async () => {
    await result.current.run('audi', 'car-1', () => undefined);
  });
  expect(stored).toBe('token-2');
  expect(received).toEqual(['side.jpg']);
  expect(result.current.rows[0]?.state).toBe('done');
});

test('files this page refuses at once (too large, past the twelfth photo) are never sent, and a retry leaves them', async () => {
  const { result } = renderHook(() => useUploads());
  act(() => result.current.add([picture('huge.jpg', PHOTO_FILE_MAX_BYTES + 1), picture('twelfth.jpg'), picture('thirteenth.jpg')], 11));
  expect(result.current.rows.map((row) => [row.state, row.final ?? false])).toEqual([
    ['refused', true],
    ['waiting', false],
    ['refused', true],
  ]);
  expect(result.current.rows[2]?.message).toBe('thirteenth.jpg would be photo 13; a car has at most 12 photos');
  accepted = 'token-of-another-session';
  issued = 'token-2';
  await act(async () => {
    await result.current.run('audi', 'car-1', () => undefined);
  });
  // The API refused the token and the session had nothing better: refused, but worth another try.
  expect(result.current.rows[1]).toMatchObject({ state: 'refused', message: 'The access token is not valid or has expired; sign in again' });
  accepted = 'token-2';
  act(() => result.current.retryRefused());
  expect(result.current.rows.map((row) => row.state)).toEqual(['refused', 'waiting', 'refused']);
  await act(async () => {
    await result.current.run('audi', 'car-1', () => undefined);
  });
  await waitFor(() => expect(result.current.rows[1]?.state).toBe('done'));
  expect(received).toEqual(['twelfth.jpg']);
});
