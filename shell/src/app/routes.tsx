import type { RouteObject } from 'react-router-dom';
import { CATEGORIES, CATEGORY_PATHS } from '@usedcars/shared-contract';
import { RequireAuth } from '@usedcars/shared-auth';
import { RemoteComponent } from '@usedcars/shared-ui';
import { MainLayout } from '../layout/MainLayout';
import { ErrorScreen } from '../features/error/ErrorScreen';
import NotFoundPage from '../features/not-found/NotFoundPage';
import { LoginPage } from '../features/auth/LoginPage';
import { RegisterPage } from '../features/auth/RegisterPage';

/**
 * SPEC.md §2's route table, in one place. Each screen names the remote module that draws it.
 * Matching is case-insensitive, so /Dashboard and /dashboard/mybuyer reach the same screens as
 * /dashboard and /dashboard/myBuyer.
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
      { path: 'about', element: remote('catalog/AboutPage') },
      { path: 'blogs', element: remote('catalog/BlogsPage') },
      { path: 'login', element: <LoginPage /> },
      { path: 'register', element: <RegisterPage /> },
      ...brandRoutes,
      {
        path: 'dashboard',
        element: guarded('dashboard/DashboardLayout'),
        errorElement: <ErrorScreen />,
        children: [
          { index: true, element: remote('dashboard/DashboardHome') },
          { path: 'addProduct', element: remote('dashboard/AddProductPage') },
          { path: 'myProduct', element: remote('dashboard/MyProductPage') },
          { path: 'myBuyer', element: remote('dashboard/MyBuyersPage') },
          { path: 'payment/:id', element: remote('checkout/PaymentPage') },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
