/**
 * The three makes and their paths (docs/product.md, "The screens"). The paths are irregular on purpose:
 * the Mercedes list is /mercedes while its detail and API collection are /mercedess,
 * and old clients depend on exactly these spellings.
 */
export const CATEGORIES = ['audi', 'honda', 'mercedes'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface CategoryPaths {
  /** Display name of the make. */
  label: string;
  /** Site route of the brand list. */
  listRoute: string;
  /** Site route prefix of a car's detail page (`${detailRoute}/${id}`). */
  detailRoute: string;
  /** API collection (`GET/POST /audis`, `GET /audis/{id}`). */
  apiCollection: string;
  /** API path listing one seller's cars of this make (`?sellerName=`). */
  apiSellerCollection: string;
}

export const CATEGORY_PATHS: Record<Category, CategoryPaths> = {
  audi: { label: 'Audi', listRoute: '/audis', detailRoute: '/audis', apiCollection: '/audis', apiSellerCollection: '/myAudi' },
  honda: { label: 'Honda', listRoute: '/hondas', detailRoute: '/hondas', apiCollection: '/hondas', apiSellerCollection: '/myHonda' },
  mercedes: {
    label: 'Mercedes-Benz',
    listRoute: '/mercedes',
    detailRoute: '/mercedess',
    apiCollection: '/mercedess',
    apiSellerCollection: '/myMercedess',
  },
};

export function carDetailPath(category: Category, id: string): string {
  return `${CATEGORY_PATHS[category].detailRoute}/${encodeURIComponent(id)}`;
}

// A regular expression, not the zod id field: every page reads this module, and zod would come with it.
const CAR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The car a site address shows when it is a car's page (`/mercedess/<id>`, a query after it or
 * not), else null. Routes match regardless of case, so this does too; the id comes back in lower case.
 */
export function carOfPath(address: string): { category: Category; id: string } | null {
  const path = address.split(/[?#]/, 1)[0]!.replace(/\/$/, '');
  const slash = path.lastIndexOf('/');
  const id = path.slice(slash + 1);
  if (slash <= 0 || !CAR_ID.test(id)) return null;
  const detailRoute = path.slice(0, slash).toLowerCase();
  const category = CATEGORIES.find((name) => CATEGORY_PATHS[name].detailRoute.toLowerCase() === detailRoute);
  return category ? { category, id: id.toLowerCase() } : null;
}
