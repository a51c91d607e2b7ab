import type { RouteObject } from 'react-router-dom';
import { CATEGORIES, CATEGORY_PATHS, SITE_PATHS, SITE_ROUTES } from '@usedcars/shared-contract';
import { RequireAuth } from '@usedcars/shared-auth';
import { RemoteComponent } from '@usedcars/shared-ui';
import { MainLayout } from '../layout/MainLayout';
import { ErrorScreen } from '../features/error/ErrorScreen';
import NotFoundPage from '../features/not-found/NotFoundPage';
import { LoginPage } from '../features/auth/LoginPage';
import { RegisterPage } from '../features/auth/RegisterPage';

/**
 * SPEC.md §2's route table, in one place. Each screen names the remote module that draws it.
 * The addresses are shared-contract's (SITE_ROUTES, CATEGORY_PATHS), which the links use too.
 * Matching is case-insensitive, so /Dashboard and /dashboard/mybuyer reach the same screens as
 * /dashboard and /dashboard/myBuyer.
 *
 * A screen that throws shows an error screen: under /dashboard the dashboard's own error screen,
 * elsewhere the main layout's errorElement. RemoteComponent's own boundary only stands in for a
 * remote that could not be fetched.
 */
const remote = (id: string, props?: object) => <RemoteComponent id={id} props={props} />;
const guarded = (id: string, props?: object) => <RequireAuth>{remote(id, props)}</RequireAuth>;

const brandRoutes: RouteObject[] = CATEGORIES.flatMap((category) => [
  { path: CATEGORY_PATHS[category].listRoute, element: guarded('catalog/BrandListPage', { category }) },
  { path: `${CATEGORY_PATHS[category].detailRoute}/:id`, element: remote('catalog/CarDetailPage', { category }) },
]);

export const routes: RouteObject[] = [
  {
    element: <MainLayout />,
    errorElement: <ErrorScreen />,
    children: [
      { index: true, element: remote('catalog/HomePage') },
      { path: SITE_PATHS.about, element: remote('catalog/AboutPage') },
      { path: SITE_PATHS.blogs, element: remote('catalog/BlogsPage') },
      { path: SITE_PATHS.login, element: <LoginPage /> },
      { path: SITE_PATHS.register, element: <RegisterPage /> },
      ...brandRoutes,
      {
        path: SITE_ROUTES.dashboard,
        element: guarded('dashboard/DashboardLayout'),
        errorElement: <ErrorScreen />,
        children: [
          { index: true, element: remote('dashboard/DashboardHome') },
          { path: SITE_ROUTES.addProduct, element: remote('dashboard/AddProductPage') },
          { path: SITE_ROUTES.myProduct, element: remote('dashboard/MyProductPage') },
          { path: SITE_ROUTES.myBuyer, element: remote('dashboard/MyBuyersPage') },
          { path: SITE_ROUTES.payment, element: remote('checkout/PaymentPage') },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
