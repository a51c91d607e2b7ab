import type { FakeResponse, FakeApi } from '@usedcars/shared-api/testing';
import { CATEGORIES, CATEGORY_PATHS, NEXT_CURSOR_HEADER, type Car, type Category } from '@usedcars/shared-contract';

/**
 * The fake API responds to each brand's seller list (GET /myAudi?sellerName=&limit=&cursor=) from
 * these cars, a page of `limit` at a time with X-Next-Cursor while more follow, as the API pages
 * (docs/list-paging.md); the cursor here is just the offset. A brand in `refusals` responds with that instead.
 */
export function serveSellerCars(
  api: FakeApi,
  cars: Partial<Record<Category, Car[]>>,
  refusals: Partial<Record<Category, { status: number; message: string }>> = {},
) {
  for (const category of CATEGORIES) {
    api.reply('GET', CATEGORY_PATHS[category].apiSellerCollection, ({ query }): FakeResponse => {
      const refusal = refusals[category];
      if (refusal) return { status: refusal.status, body: { message: refusal.message } };
      const all = cars[category] ?? [];
      const from = Number(query.cursor ?? 0);
      const to = from + Number(query.limit);
      return { status: 200, body: all.slice(from, to), headers: to < all.length ? { [NEXT_CURSOR_HEADER]: String(to) } : {} };
    });
  }
}
