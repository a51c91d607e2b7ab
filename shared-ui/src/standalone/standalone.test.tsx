import type { RouteObject } from 'react-router-dom';
import { standaloneRoutes } from '.';

const Stub = () => null;

/** Each route's address (or "index"), with its children's, as a team's standalone page offers them. */
function addresses(routes: RouteObject[]): unknown[] {
  return routes.map((route) => (route.children ? [route.path, addresses(route.children)] : route.index ? 'index' : route.path));
}

test("the dashboard's standalone page has its layout around its own screens, not checkout's", () => {
  const routes = standaloneRoutes('dashboard', {
    'dashboard/DashboardLayout': Stub,
    'dashboard/DashboardHome': Stub,
    'dashboard/AddProductPage': Stub,
    'dashboard/MyProductPage': Stub,
    'dashboard/MyBuyersPage': Stub,
    'dashboard/SavedCarsPage': Stub,
    'dashboard/SavedSearchesPage': Stub,
    'dashboard/ReportsPage': Stub,
    'dashboard/AuditLogPage': Stub,
    'dashboard/ReleasesPage': Stub,
    'dashboard/PreviewsPage': Stub,
  });
  expect(addresses(routes)).toEqual([
    [
      '/dashboard',
      [
        'index',
        '/dashboard/addProduct',
        '/dashboard/myProduct',
        '/dashboard/myBuyer',
        '/dashboard/savedCars',
        '/dashboard/savedSearches',
        '/dashboard/reports',
        '/dashboard/auditLog',
        '/dashboard/releases',
        '/dashboard/previews',
      ],
    ],
  ]);
});

test("checkout's payment page, nested under the dashboard in the site, stands alone at the same address", () => {
  const routes = standaloneRoutes('checkout', { 'checkout/PaymentPage': Stub, 'checkout/BookingDialog': Stub });
  expect(addresses(routes)).toEqual(['/dashboard/payment/:id']);
});

test("the catalog's page has every catalog screen of the registry, each brand's list and car page", () => {
  const routes = standaloneRoutes('catalog', {
    'catalog/HomePage': Stub,
    'catalog/AboutPage': Stub,
    'catalog/BlogsPage': Stub,
    'catalog/BrandListPage': Stub,
    'catalog/CarDetailPage': Stub,
    'catalog/SearchPage': Stub,
    'catalog/ComparePage': Stub,
  });
  expect(addresses(routes)).toEqual([
    'index',
    '/about',
    '/blogs',
    '/search',
    '/compare',
    '/audis',
    '/audis/:id',
    '/hondas',
    '/hondas/:id',
    '/mercedes',
    '/mercedess/:id',
  ]);
});
