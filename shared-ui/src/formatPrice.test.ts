import { formatPrice } from './formatPrice';

test('prices read as dollars with thousands separators and no empty cents', () => {
  expect(formatPrice(30000)).toBe('$30,000');
  expect(formatPrice(1234.5)).toBe('$1,234.50');
  expect(formatPrice(99.99)).toBe('$99.99');
});
