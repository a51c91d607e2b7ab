import { CAR_LIST_MAX_OFFSET, flattenScreens } from '@usedcars/shared-contract';
import { LAST_NUMBERED_PAGE, PAGE_SIZE, readListView, toCarListQuery, writeListView, type ListView } from './listParams';

test('an address without parameters is the first page, newest first, unfiltered', () => {
  const view = readListView(new URLSearchParams());
  expect(view).toEqual({ filters: {}, sort: 'newest', page: 1 });
  expect(toCarListQuery(view)).toEqual({ sort: 'newest', limit: PAGE_SIZE, offset: 0 });
  expect(writeListView(view).toString()).toBe('');
});

test('a view survives the round trip through the address', () => {
  const params = new URLSearchParams(
    'q=civic&minPrice=1000&maxPrice=25000&location=Austin&year=2020&year=2019&fuel=petrol&fuel=diesel&priceDropped=true&sort=-price&page=3',
  );
  const view = readListView(params);
  expect(view).toEqual({
    filters: { q: 'civic', minPrice: 1000, maxPrice: 25000, location: 'Austin', year: ['2020', '2019'], fuel: ['petrol', 'diesel'], priceDropped: true },
    sort: '-price',
    page: 3,
  });
  expect(writeListView(view).toString()).toBe(params.toString());
  expect(toCarListQuery(view)).toMatchObject({ offset: 2 * PAGE_SIZE, limit: PAGE_SIZE });
});

test('values the API would refuse are dropped, and text is trimmed and capped', () => {
  const view = readListView(
    new URLSearchParams(
      `q=%20%20&minPrice=-5&maxPrice=abc&year=20x9&fuel=coal&fuel=diesel&fuel=diesel&brand=audi&sort=cheapest&page=1.5&location=${'x'.repeat(150)}`,
    ),
  );
  // A brand list's brand is its own: a brand pick in its address is not one of its facets.
  expect(view.filters).toEqual({ location: 'x'.repeat(100), fuel: ['diesel'] });
  expect(view.sort).toBe('newest');
  expect(view.page).toBe(1);
  // Offsets past the API's ceiling would only respond with 400: a deep page number alone stops at the
  // deepest page an offset reaches.
  const deep = toCarListQuery(readListView(new URLSearchParams('page=999999999')));
  expect(deep.offset).toBeLessThanOrEqual(CAR_LIST_MAX_OFFSET);
  expect(deep.offset! + PAGE_SIZE).toBeGreaterThan(CAR_LIST_MAX_OFFSET);
});

test('pages up to the offset bound go by number; deeper ones by the cursor the address keeps', () => {
  const lastNumbered = readListView(new URLSearchParams(`sort=price&page=${LAST_NUMBERED_PAGE}&cursor=ignored`));
  expect(toCarListQuery(lastNumbered)).toEqual({ sort: 'price', limit: PAGE_SIZE, offset: (LAST_NUMBERED_PAGE - 1) * PAGE_SIZE });
  expect(writeListView(lastNumbered).toString()).toBe(`sort=price&page=${LAST_NUMBERED_PAGE}`);

  const params = new URLSearchParams(`year=2020&sort=price&page=${LAST_NUMBERED_PAGE + 1}&cursor=opaque-text`);
  const deeper = readListView(params);
  expect(deeper).toMatchObject({ page: LAST_NUMBERED_PAGE + 1, cursor: 'opaque-text' });
  expect(toCarListQuery(deeper)).toEqual({ year: ['2020'], sort: 'price', limit: PAGE_SIZE, cursor: 'opaque-text' });
  expect(writeListView(deeper).toString()).toBe(params.toString());
});

test('the screen registry declares every parameter the list reads, with its defaults: the render server keeps pages by those alone', () => {
  const declared = flattenScreens()
    .map(({ screen }) => screen)
    .find((screen) => 'module' in screen && screen.module === 'catalog/BrandListPage')?.search;
  const deepest: ListView = {
    filters: {
      q: 'civic',
      minPrice: 1,
      maxPrice: 2,
      location: 'Austin',
      price: ['0-5000'],
      year: ['2019'],
      mileage: ['0-10000'],
      fuel: ['diesel'],
      gearbox: ['manual'],
      body: ['suv'],
      city: ['Austin, TX'],
      deal: ['great'],
      priceDropped: true,
    },
    sort: '-price',
    page: LAST_NUMBERED_PAGE + 1,
    cursor: 'c',
  };
  expect(Object.keys(declared ?? {}).sort()).toEqual([...new Set(writeListView(deepest).keys())].sort());
  // A declared default reads as the parameter's absence.
  expect(readListView(new URLSearchParams(declared))).toEqual(readListView(new URLSearchParams()));
});
