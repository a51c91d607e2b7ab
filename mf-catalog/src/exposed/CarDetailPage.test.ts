import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@usedcars/shared-api';
import { fetchCar } from '@usedcars/shared-api/cars';
import { prefetch } from './CarDetailPage';

jest.mock('@usedcars/shared-api/cars', () => ({ ...jest.requireActual('@usedcars/shared-api/cars'), fetchCar: jest.fn() }));
const loadCar = jest.mocked(fetchCar);

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
  loadCar.mockRejectedValue(new ApiError('No such car', 404));
  expect(await read()).toEqual({ notFound: true, gone: false });
  loadCar.mockRejectedValue(
    new ApiError('This listing was removed by the moderators', 410, { message: 'This listing was removed by the moderators', removed: 'hidden' }),
  );
  expect(await read()).toEqual({ notFound: false, gone: true });
});
