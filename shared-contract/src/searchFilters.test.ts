import { searchFiltersSchema } from './market';
import { describeSearch, savedSearchPath } from './searchFilters';

test('a saved search reads as words and opens its brand list with the same filters', () => {
  const filters = { category: 'mercedes', q: 'AMG & co', minPrice: 10000, maxPrice: 45000.5, year: ['2020'], location: 'Austin', sort: '-price' } as const;
  expect(describeSearch({ ...filters, year: [...filters.year] }, 'mi')).toBe('Mercedes-Benz cars, “AMG & co”, $10,000–$45,000.50, in Austin, 2020');
  expect(savedSearchPath({ ...filters, year: [...filters.year] })).toBe(
    '/mercedes?q=AMG+%26+co&minPrice=10000&maxPrice=45000.5&location=Austin&sort=-price&year=2020',
  );
  expect(describeSearch({ category: 'audi', minPrice: 5000 }, 'mi')).toBe('Audi cars, from $5,000');
  expect(savedSearchPath({ category: 'audi' })).toBe('/audis');
});

test("a search across brands with facets reads each facet's picks, OR-ed, in the site's unit", () => {
  const filters = searchFiltersSchema.parse({
    q: 'civic',
    brand: ['honda'],
    fuel: ['diesel', 'hybrid'],
    mileage: ['10000-30000'],
    deal: ['great'],
    priceDropped: true,
  });
  expect(describeSearch(filters, 'km')).toBe('All cars, “civic”, Honda, 10,000–30,000 km, Diesel or Hybrid, Great deal, price dropped');
  expect(savedSearchPath(filters)).toBe('/search?q=civic&brand=honda&mileage=10000-30000&fuel=diesel&fuel=hybrid&deal=great&priceDropped=true');
});

test('an old client’s single year still reads as one pick', () => {
  expect(searchFiltersSchema.parse({ category: 'honda', year: '2019' }).year).toEqual(['2019']);
  expect(searchFiltersSchema.safeParse({ fuel: ['coal'] }).error?.issues[0]?.message).toBe('fuel must be one of petrol, diesel, hybrid, electric');
});
