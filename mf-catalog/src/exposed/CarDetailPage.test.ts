/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { QueryClient } from '@tanstack/react-query';
import { standInApi } from '@usedcars/shared-api/testing';
import { prefetch } from './CarDetailPage';

const api = standInApi();

const read = () =>
  prefetch({
    queryClient: new QueryClient(),
    params: { id: 'c1' },
    props: { category: 'audi' },
    search: new URLSearchParams(),
    viewer: null,
    signal: new AbortController().signal,
  });

test('on the server an unknown car is a 404, an ended listing a 410', async () => {
  api.reply('GET', '/audis/c1', 404, { message: 'No audi car with id c1' });
  expect(await read()).toEqual({ notFound: true, gone: false });
  api.reply('GET', '/audis/c1', 410, { message: 'This listing was removed by the moderators', removed: 'hidden' });
  expect(await read()).toEqual({ notFound: false, gone: true });
  expect(api.requests.map(({ method, path }) => `${method} ${path}`)).toEqual(['GET /audis/c1', 'GET /audis/c1']);
});
