// DashboardLayout shows the dashboard's error screen around it (features/layout/DashboardErrorScreen).
import { Spinner, usePageTitle } from '@usedcars/shared-ui';
import { AdminUsers } from '../features/admin/AdminUsers';
import { MyOrders } from '../features/my-orders/MyOrders';
import { MyProducts } from '../features/my-products/MyProducts';
import { useRole } from '../hooks/useRole';

function Loading() {
  usePageTitle('Dashboard');
  return <Spinner label="Loading your dashboard…" />;
}

/**
 * /dashboard by role (docs/product.md, "Dashboard"): admin gets the accounts, a Seller their products, anyone
 * else (buyers, and an account whose role could not be read) their orders. The screen composes the three
 * features; they never import each other (docs/how-to.md, "House rules").
 */
export default function DashboardHome() {
  const role = useRole();
  if (role === undefined) return <Loading />;
  if (role === 'admin') return <AdminUsers />;
  if (role === 'Seller') return <MyProducts />;
  return <MyOrders />;
}

/** What the viewer's role sees on the dashboard's home: read on the render server, and in the shell before a move. */
export { loadDashboardHome as prefetch } from '@usedcars/shared-api/loaders';
