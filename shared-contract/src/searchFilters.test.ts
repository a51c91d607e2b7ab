import { describeSearch, savedSearchPath } from './searchFilters';

test('a saved search reads as words and opens its brand list with the same filters', () => {
  const filters = { category: 'mercedes', q: 'AMG & co', minPrice: 10000, maxPrice: 45000.5, year: '2020', location: 'Austin', sort: '-price' } as const;
  expect(describeSearch(filters)).toBe('Mercedes-Benz cars, “AMG & co”, $10,000–$45,000.50, 2020, in Austin');
  expect(savedSearchPath(filters)).toBe('/mercedes?q=AMG+%26+co&minPrice=10000&maxPrice=45000.5&year=2020&location=Austin&sort=-price');
  expect(describeSearch({ category: 'audi', minPrice: 5000 })).toBe('Audi cars, from $5,000');
  expect(savedSearchPath({ category: 'audi' })).toBe('/audis');
});
