import { PAGE_SIZE, readListView, toCarListQuery, writeListView } from './listParams';

test('an address without parameters is the first page, newest first, unfiltered', () => {
  const view = readListView(new URLSearchParams());
  expect(view).toEqual({ filters: {}, sort: 'newest', page: 1 });
  expect(toCarListQuery(view)).toEqual({ sort: 'newest', limit: PAGE_SIZE, offset: 0 });
  expect(writeListView(view).toString()).toBe('');
});

test('a view survives the round trip through the address', () => {
  const params = new URLSearchParams('q=civic&minPrice=1000&maxPrice=25000&year=2019&location=Austin&sort=-price&page=3');
  const view = readListView(params);
  expect(view).toEqual({
    filters: { q: 'civic', minPrice: 1000, maxPrice: 25000, year: '2019', location: 'Austin' },
    sort: '-price',
    page: 3,
  });
  expect(writeListView(view).toString()).toBe(params.toString());
  expect(toCarListQuery(view)).toMatchObject({ offset: 2 * PAGE_SIZE, limit: PAGE_SIZE });
});

test('values the API would refuse are dropped, and text is trimmed and capped', () => {
  const view = readListView(new URLSearchParams(`q=%20%20&minPrice=-5&maxPrice=abc&year=20x9&sort=cheapest&page=1.5&location=${'x'.repeat(150)}`));
  expect(view.filters).toEqual({ location: 'x'.repeat(100) });
  expect(view.sort).toBe('newest');
  expect(view.page).toBe(1);
  // Offsets past the API's ceiling would only answer 400.
  expect(toCarListQuery(readListView(new URLSearchParams('page=999999999'))).offset).toBeLessThanOrEqual(1_000_000);
});
