import { Spinner, usePageTitle } from '@usedcars/shared-ui';
import { useRole } from '../access/useRole';
import { AdminUsers } from '../admin/AdminUsers';
import { MyOrders } from '../my-orders/MyOrders';
import { MyProducts } from '../my-products/MyProducts';

function Loading() {
  usePageTitle('Dashboard');
  return <Spinner label="Loading your dashboard…" />;
}

/**
 * /dashboard by role (docs/product.md, "Dashboard"): admin gets the accounts, a Seller their products, anyone
 * else (buyers, and an account whose role could not be read) their orders.
 */
export default function DashboardHome() {
  const role = useRole();
  if (role === undefined) return <Loading />;
  if (role === 'admin') return <AdminUsers />;
  if (role === 'Seller') return <MyProducts />;
  return <MyOrders />;
}
