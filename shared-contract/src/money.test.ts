import { priceDropText } from './money';

test('a cut as the last price change reads "Price dropped {amount} on {day}", in UTC', () => {
  const listed = { price: 26000, at: '2026-11-01T09:00:00.000Z' };
  expect(priceDropText([listed, { price: 24800, at: '2026-11-20T23:30:00.000Z' }])).toBe('Price dropped $1,200 on Nov 20');
  expect(priceDropText([listed, { price: 25999.5, at: '2026-11-21T00:10:00.000Z' }])).toBe('Price dropped $0.50 on Nov 21');
});

test('no badge for a price never changed, last raised, or kept', () => {
  const listed = { price: 26000, at: '2026-11-01T09:00:00.000Z' };
  expect(priceDropText(undefined)).toBeUndefined();
  expect(priceDropText([listed])).toBeUndefined();
  expect(priceDropText([listed, { price: 24000, at: '2026-11-02T09:00:00.000Z' }, { price: 25000, at: '2026-11-03T09:00:00.000Z' }])).toBeUndefined();
  expect(priceDropText([listed, { price: 26000, at: '2026-11-02T09:00:00.000Z' }])).toBeUndefined();
});
