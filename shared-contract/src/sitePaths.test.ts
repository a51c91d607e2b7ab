import { SITE_PATHS, SITE_ROUTES, arrivalNotice, noticeFrom } from './sitePaths';

test("the site's addresses, the dashboard link spelled /Dashboard", () => {
  expect(SITE_PATHS).toMatchObject({
    home: '/',
    login: '/login',
    register: '/register',
    about: '/about',
    blogs: '/blogs',
    dashboard: '/Dashboard',
    addProduct: '/dashboard/addProduct',
    myProduct: '/dashboard/myProduct',
    myBuyer: '/dashboard/myBuyer',
    savedCars: '/dashboard/savedCars',
    savedSearches: '/dashboard/savedSearches',
    reports: '/dashboard/reports',
    auditLog: '/dashboard/auditLog',
    releases: '/dashboard/releases',
    previews: '/dashboard/previews',
  });
  expect(SITE_ROUTES.dashboard.toLowerCase()).toBe(SITE_PATHS.dashboard.toLowerCase());
});

test('the payment address carries the booking id as one path segment, under the payment route', () => {
  expect(SITE_PATHS.payment('k1')).toBe('/dashboard/payment/k1');
  expect(SITE_PATHS.payment('a/b?c')).toBe('/dashboard/payment/a%2Fb%3Fc');
  expect(SITE_ROUTES.payment.replace(':id', 'k1')).toBe(SITE_PATHS.payment('k1'));
});

test('an arrival notice survives the trip through navigation state; anything else reads as none', () => {
  expect(noticeFrom(arrivalNotice('Paid'))).toBe('Paid');
  for (const state of [null, undefined, 'Paid', { notice: 3 }, { notice: '' }, { from: '/x' }]) {
    expect(noticeFrom(state)).toBeUndefined();
  }
});
