// Irregular on purpose (/mercedes, /mercedess): old clients depend on these spellings.
export const CATEGORIES = ['audi', 'honda', 'mercedes'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface CategoryPaths {
  label: string;
  listRoute: string;
  detailRoute: string;
  apiCollection: string;
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

/** Case-insensitive, as routes match; the id comes back in lower case. */
export function carOfPath(address: string): { category: Category; id: string } | null {
  const path = address.split(/[?#]/, 1)[0]!.replace(/\/$/, '');
  const slash = path.lastIndexOf('/');
  const id = path.slice(slash + 1);
  if (slash <= 0 || !CAR_ID.test(id)) return null;
  const detailRoute = path.slice(0, slash).toLowerCase();
  const category = CATEGORIES.find((name) => CATEGORY_PATHS[name].detailRoute.toLowerCase() === detailRoute);
  return category ? { category, id: id.toLowerCase() } : null;
}
