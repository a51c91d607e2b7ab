import { SITE_PATHS, SITE_ROUTES } from '@usedcars/shared-contract';

/**
 * The dashboard's addresses, as the dashboard's screens name them. They are shared-contract's
 * (SITE_PATHS, where the site's paths are written once): nothing is spelled here. The
 * dashboard's own links say /dashboard, as its route does; the site's navbar says /Dashboard.
 */
export const dashboardPaths = {
  index: SITE_ROUTES.dashboard,
  addProduct: SITE_PATHS.addProduct,
  myProduct: SITE_PATHS.myProduct,
  myBuyer: SITE_PATHS.myBuyer,
  payment: SITE_PATHS.payment,
} as const;
