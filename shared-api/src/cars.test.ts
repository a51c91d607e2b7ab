/** @jest-environment node */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from '@usedcars/federation';
import { readRuntimeConfig } from '@usedcars/federation/config';
import { fetchCarPage } from './cars';
import { runtimeRegistry } from '@usedcars/federation/runtime';

let server: Server;
let response: { headers: Record<string, string>; cars: unknown[] };
let asked: string[];

beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(req.url ?? '');
    res.writeHead(200, { 'Content-Type': 'application/json', ...response.headers }).end(JSON.stringify(response.cars));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  connect({
    config: readRuntimeConfig({ apiUrl: base }),
    session: { accessToken: () => null, refreshAccessToken: async () => null },
    registry: runtimeRegistry(),
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  asked = [];
});

const car = (id: string) => ({ _id: id, carName: `Car ${id}` });

test('a page comes with its total and the cursors of the pages after and before it', async () => {
  response = { headers: { 'X-Total-Count': '10080', 'X-Next-Cursor': 'next-abc', 'X-Prev-Cursor': 'prev-xyz' }, cars: [car('1'), car('2')] };
  const page = await fetchCarPage('audi', { sort: 'price', limit: 24, cursor: 'from-before' });
  expect(page).toEqual({ cars: [car('1'), car('2')], total: 10080, next: 'next-abc', prev: 'prev-xyz' });
  expect(asked).toEqual(['/audis?sort=price&limit=24&cursor=from-before']);
});

test('the first and the last page have no cursor on the side where nothing is', async () => {
  response = { headers: { 'X-Total-Count': '2' }, cars: [car('1'), car('2')] };
  const page = await fetchCarPage('honda', { offset: 0, limit: 24 });
  expect(page.next).toBeUndefined();
  expect(page.prev).toBeUndefined();
  expect(page.total).toBe(2);
});

test('without a total header the page counts its own cars rather than claiming none', async () => {
  response = { headers: {}, cars: [car('1'), car('2'), car('3')] };
  expect((await fetchCarPage('mercedes', {})).total).toBe(3);
});
