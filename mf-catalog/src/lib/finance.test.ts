import { loanCost, termNear } from './finance';

test('a loan is paid in equal monthly parts, interest included', () => {
  // $20,000, $2,000 down, 60 months at 7.5 %: $360.68 a month, the textbook annuity.
  expect(loanCost({ price: 20_000, deposit: 2_000, termMonths: 60, aprPercent: 7.5 })).toEqual({ monthly: 360.68, total: 23_640.98, interest: 3_640.98 });
});

test('without interest the rest is split evenly', () => {
  expect(loanCost({ price: 12_000, deposit: 0, termMonths: 48, aprPercent: 0 })).toEqual({ monthly: 250, total: 12_000, interest: 0 });
});

test('a deposit of the whole price leaves nothing to pay monthly', () => {
  expect(loanCost({ price: 9_000, deposit: 9_000, termMonths: 36, aprPercent: 5 })).toEqual({ monthly: 0, total: 9_000, interest: 0 });
});

test('a default term the form does not offer becomes the nearest it does', () => {
  expect(termNear(60)).toBe(60);
  expect(termNear(50)).toBe(48);
  expect(termNear(120)).toBe(84);
});
