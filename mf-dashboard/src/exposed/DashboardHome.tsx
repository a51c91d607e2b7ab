// DashboardLayout shows the dashboard's error screen around it (features/layout/DashboardErrorScreen).
import { lazy, Suspense, type ComponentType } from 'react';
import { authStore } from '@usedcars/shared-auth';
import type { Role } from '@usedcars/shared-contract';
import { Spinner, usePageTitle } from '@usedcars/shared-ui';
import { useRole } from '../hooks/useRole';

/**
 * Each role's screen is a chunk of its own, so a buyer's dashboard neither fetches nor runs the
 * seller's and the admin's code (docs/performance.md, "The dashboard by role"). The three features
 * never import each other (docs/how-to.md, "House rules"): this screen composes them.
 */
const ROLE_SCREENS = {
  AdminUsers: () => import(/* webpackChunkName: "dashboard-admin" */ '../features/admin/AdminUsers').then((m) => m.AdminUsers),
  MyProducts: () => import(/* webpackChunkName: "dashboard-seller" */ '../features/my-products/MyProducts').then((m) => m.MyProducts),
  MyOrders: () => import(/* webpackChunkName: "dashboard-buyer" */ '../features/my-orders/MyOrders').then((m) => m.MyOrders),
};
type RoleScreen = keyof typeof ROLE_SCREENS;

const loaded = new Map<RoleScreen, ComponentType>();
const lazyScreens = new Map<RoleScreen, ComponentType>();

function loadRoleScreen(name: RoleScreen): Promise<ComponentType> {
  return ROLE_SCREENS[name]().then((screen) => {
    loaded.set(name, screen);
    return screen;
  });
}

/** The component itself once its chunk has arrived (a prepared move renders it at once), else one that suspends until it has. */
function roleScreen(name: RoleScreen): ComponentType {
  const ready = loaded.get(name);
  if (ready) return ready;
  let pending = lazyScreens.get(name);
  if (!pending) {
    pending = lazy(() => loadRoleScreen(name).then((screen) => ({ default: screen })));
    lazyScreens.set(name, pending);
  }
  return pending;
}

/** Admin gets the accounts, a Seller their products, anyone else (buyers, and an account whose role could not be read) their orders. */
function screenFor(role: Role | null): RoleScreen {
  if (role === 'admin') return 'AdminUsers';
  if (role === 'Seller') return 'MyProducts';
  return 'MyOrders';
}

function Loading() {
  usePageTitle('Dashboard');
  return <Spinner label="Loading your dashboard…" />;
}

/** /dashboard by role (docs/product.md, "Dashboard"). */
export default function DashboardHome() {
  const role = useRole();
  if (role === undefined) return <Loading />;
  const Screen = roleScreen(screenFor(role));
  return (
    <Suspense fallback={<Loading />}>
      <Screen />
    </Suspense>
  );
}

/** The signed-in viewer's screen, fetched while the shell prepares a move here, so the move shows it whole. */
export function preload(): Promise<unknown> {
  const { status, role } = authStore.getState();
  return status === 'signedIn' ? loadRoleScreen(screenFor(role)) : Promise.resolve();
}
