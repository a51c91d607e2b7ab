import { dashboardPaths } from './paths';

test('the payment address carries the booking id as one path segment', () => {
  expect(dashboardPaths.payment('k1')).toBe('/dashboard/payment/k1');
  expect(dashboardPaths.payment('a/b?c')).toBe('/dashboard/payment/a%2Fb%3Fc');
});
