/** @jest-environment ../jest/jsdom-with-fetch.cjs */
import { createElement, type ComponentProps } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { fakeApi } from '@usedcars/shared-api/testing';
import CarDetailPage from './CarDetailPage';
import { makeCar, renderAt, signInAs } from '../../testing/renderCatalog';

// The car's view, its renders counted (the view itself is the real one).
const viewRenders = { count: 0 };
jest.mock('./CarView', () => {
  const actual = jest.requireActual<typeof import('./CarView')>('./CarView');
  return {
    ...actual,
    CarView: (props: ComponentProps<typeof actual.CarView>) => {
      viewRenders.count += 1;
      return createElement(actual.CarView, props);
    },
  };
});

const api = fakeApi();
const car = makeCar({ carName: 'Audi A4 Avant' });
const carPath = `/audis/${car._id}`;
const site = (
  <Routes>
    <Route path="/:brand/:id" element={<CarDetailPage category="audi" />} />
  </Routes>
);

beforeEach(() => {
  api.reply('GET', carPath, 200, car);
  api.reply('GET', '/favourites', 200, { cars: [], gone: [] });
  signInAs('visitor');
});

test('a server-rendered car whose data is past its freshness is read again in the background, and the car is not rendered again', async () => {
  const first = renderAt(carPath, site);
  expect(await screen.findByRole('heading', { level: 1, name: 'Audi A4 Avant' })).toBeInTheDocument();
  first.unmount();
  // As a page from the render server's cache arrives: what it shows was read longer ago than the client's freshness.
  first.queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 } });
  const page = (
    <QueryClientProvider client={first.queryClient}>
      <MemoryRouter initialEntries={[carPath]}>{site}</MemoryRouter>
    </QueryClientProvider>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(page);
  document.body.append(container);

  viewRenders.count = 0;
  const mismatches: unknown[] = [];
  const root = await act(async () => hydrateRoot(container, page, { onRecoverableError: (error) => mismatches.push(error) }));
  await waitFor(() => expect(api.sent('GET', carPath)).toHaveLength(2));
  // Its response is in the cache and rendered: when the car's view would have been rendered again.
  await waitFor(() => expect(first.queryClient.isFetching()).toBe(0));
  expect(mismatches).toEqual([]);
  expect(container.querySelector('h1')).toHaveTextContent('Audi A4 Avant');
  expect(viewRenders.count).toBe(1);
  act(() => root.unmount());
  container.remove();
});
