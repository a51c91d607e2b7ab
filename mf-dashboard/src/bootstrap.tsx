import { renderStandalone } from '@usedcars/shared-auth';
import DashboardLayout from './exposed/DashboardLayout';
import DashboardHome from './exposed/DashboardHome';
import AddProductPage from './exposed/AddProductPage';
import MyProductPage from './exposed/MyProductPage';
import MyBuyersPage from './exposed/MyBuyersPage';

void renderStandalone([
  {
    path: '/dashboard',
    element: <DashboardLayout />,
    children: [
      { index: true, element: <DashboardHome /> },
      { path: 'addProduct', element: <AddProductPage /> },
      { path: 'myProduct', element: <MyProductPage /> },
      { path: 'myBuyer', element: <MyBuyersPage /> },
    ],
  },
  { path: '*', element: <a href="/dashboard">Open the dashboard</a> },
]);
