import { lazy, type ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { CATEGORIES, CATEGORY_PATHS, SITE_PATHS, SITE_ROUTES } from '@usedcars/shared-contract';
import { RequireAuth } from '@usedcars/shared-auth';
import { RemoteComponent } from '@usedcars/shared-ui';
import { MainLayout } from '../layout/MainLayout';
import { RouteErrorBoundary } from '../features/error/RouteErrorBoundary';
import NotFoundPage from '../features/not-found/NotFoundPage';
import { WithServices } from './services';

// The shell's own forms load when visited: a first visit to the home page does not need them.
// (They are served screens: WithServices' Suspense shows the spinner while they load.)
const LoginPage = lazy(() => import('../features/auth/LoginPage').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() => import('../features/auth/RegisterPage').then((m) => ({ default: m.RegisterPage })));

/**
 * SPEC.md §2's route table, in one place. Each screen names the remote module that draws it.
 * The addresses are shared-contract's (SITE_ROUTES, CATEGORY_PATHS), which the links use too.
 * Matching is case-insensitive, so /Dashboard and /dashboard/mybuyer reach the same screens as
 * /dashboard and /dashboard/myBuyer.
 *
 * A screen that throws shows an error screen: under /dashboard the dashboard route's, beside
 * the navbar; elsewhere the main layout's, in place of the layout. RemoteComponent's own
 * boundary only stands in for a remote that could not be fetched.
 *
 * `served` marks the screens that read the API or raise toasts: they render inside the page's
 * QueryClient and bring the toaster (services.tsx). The others show fixed content.
 */
const remote = (id: string, props?: object) => <RemoteComponent id={id} props={props} />;
const guarded = (screen: ReactNode) => <RequireAuth>{screen}</RequireAuth>;
const served = (screen: ReactNode) => <WithServices>{screen}</WithServices>;

const brandRoutes: RouteObject[] = CATEGORIES.flatMap((category) => [
  { path: CATEGORY_PATHS[category].listRoute, element: served(guarded(remote('catalog/BrandListPage', { category }))) },
  { path: `${CATEGORY_PATHS[category].detailRoute}/:id`, element: served(remote('catalog/CarDetailPage', { category })) },
]);

export const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <MainLayout />
      </RouteErrorBoundary>
    ),
    children: [
      { index: true, element: remote('catalog/HomePage') },
      { path: SITE_PATHS.about, element: remote('catalog/AboutPage') },
      { path: SITE_PATHS.blogs, element: remote('catalog/BlogsPage') },
      { path: SITE_PATHS.login, element: served(<LoginPage />) },
      { path: SITE_PATHS.register, element: served(<RegisterPage />) },
      ...brandRoutes,
      {
        path: SITE_ROUTES.dashboard,
        element: <RouteErrorBoundary>{served(guarded(remote('dashboard/DashboardLayout')))}</RouteErrorBoundary>,
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

/** The route table, drawn for the current address (inside the page's BrowserRouter). */
export function AppRoutes() {
  return useRoutes(routes);
}
