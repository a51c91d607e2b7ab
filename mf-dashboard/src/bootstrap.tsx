import { renderStandalone } from '@usedcars/shared-auth/standalone';
import { SITE_ROUTES } from '@usedcars/shared-contract';
import DashboardLayout from './exposed/DashboardLayout';
import DashboardHome from './exposed/DashboardHome';
import AddProductPage from './exposed/AddProductPage';
import MyProductPage from './exposed/MyProductPage';
import MyBuyersPage from './exposed/MyBuyersPage';

void renderStandalone([
  {
    path: SITE_ROUTES.dashboard,
    element: <DashboardLayout />,
    children: [
      { index: true, element: <DashboardHome /> },
      { path: SITE_ROUTES.addProduct, element: <AddProductPage /> },
      { path: SITE_ROUTES.myProduct, element: <MyProductPage /> },
      { path: SITE_ROUTES.myBuyer, element: <MyBuyersPage /> },
    ],
  },
  { path: '*', element: <a href={SITE_ROUTES.dashboard}>Open the dashboard</a> },
]);
