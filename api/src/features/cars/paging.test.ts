import { eq, sql } from 'drizzle-orm';
import { CAR_LIST_MAX_OFFSET, CAR_SORTS, type Car, type CarSort } from '@usedcars/shared-contract';
import { cars } from '../../db/schema';
import { type Account, TEST_CONFIG, describeEachDriver, sampleCar } from '../../../test/helpers';

/** The order each sort promises, in SQL, as the database itself sorts (collation and all). */
const ORDER_SQL: Record<CarSort, string> = {
  newest: 'created_at desc, id desc',
  price: 'current_price asc, id asc',
  '-price': 'current_price desc, id desc',
  year: 'purchase_year asc, id asc',
  '-year': 'purchase_year desc, id desc',
  deal: "coalesce(deal_ratio, 'Infinity'::real) asc, id asc",
};

describeEachDriver('paging a brand with cursors', (api) => {
  let seller: Account;

  beforeAll(async () => {
    seller = await api().account('Seller', 'Paula Pager');
    // Two statements of 30 cars: each shares one created_at, and prices and years repeat, so only
    // the id tells many cars apart.
    for (const batch of [0, 1]) {
      await api()
        .db.insert(cars)
        .values(
          Array.from({ length: 30 }, (_, index) => {
            const { categoryName: _category, ...car } = sampleCar({ categoryName: 'honda' });
            return {
              ...car,
              category: 'honda',
              carName: `Honda Civic ${batch}-${index}`,
              currentPrice: 10_000 + (index % 7) * 1_000,
              purchaseYear: String(2015 + (index % 5)),
              sellerName: seller.name,
              sellerId: seller.id,
            };
          }),
        );
    }
  });

  async function hondaIdsInOrder(sort: CarSort): Promise<string[]> {
    const rows = await api().db.select({ id: cars.id }).from(cars).where(eq(cars.category, 'honda')).orderBy(sql.raw(ORDER_SQL[sort]));
    return rows.map((row) => row.id);
  }

  const get = (url: string) => api().inject({ method: 'GET', url });

  /** Follows one header from `start` until it is absent, calling `between` after each page. */
  async function walk(start: string, header: 'x-next-cursor' | 'x-prev-cursor', sort: CarSort, between: (page: number) => Promise<void> = async () => {}) {
    const pages: Car[][] = [];
    let url: string | undefined = start;
    while (url) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(Number(response.headers['x-total-count'])).toBeGreaterThan(0);
      pages.push(response.json<Car[]>());
      const cursor = response.headers[header] as string | undefined;
      url = cursor ? `/hondas?limit=7&sort=${sort}&cursor=${encodeURIComponent(cursor)}` : undefined;
      await between(pages.length);
      expect(pages.length).toBeLessThan(50);
    }
    return pages;
  }

  it.each(CAR_SORTS)('visits every car once, in order, while cars are added between pages (sort=%s)', async (sort) => {
    const before = await hondaIdsInOrder(sort);
    const added: string[] = [];
    const pages = await walk(`/hondas?limit=7&sort=${sort}`, 'x-next-cursor', sort, async (page) => {
      // Cheap, dear, old and new: some land behind the walk, some ahead of it.
      const price = page % 2 ? 5_000 : 90_000;
      added.push(await api().addCar(seller, { categoryName: 'honda', currentPrice: price, purchaseYear: page % 2 ? '2012' : '2024' }));
    });
    const seen = pages.flat().map((car) => car._id);
    expect(new Set(seen).size).toBe(seen.length);
    // Every car there at the start, exactly once...
    expect(seen.filter((id) => before.includes(id))).toEqual(before);
    // ...and the whole walk, new cars included, in the order the list has at the end.
    const after = await hondaIdsInOrder(sort);
    expect(after.filter((id) => seen.includes(id))).toEqual(seen);
    expect(pages.slice(0, -1).every((page) => page.length === 7)).toBe(true);
    // A new car is newest of all, so behind the walk; by price or year some land ahead of it and are seen.
    expect(added.some((id) => seen.includes(id))).toBe(sort !== 'newest');
  });

  it('walks back with the previous-page cursors to the first page, and from an offset page on with the next ones', async () => {
    const order = await hondaIdsInOrder('price');
    const forward = await walk('/hondas?limit=7&sort=price', 'x-next-cursor', 'price');
    const last = await get(`/hondas?limit=7&sort=price&offset=${order.length - 3}`);
    expect(last.json<Car[]>().map((car) => car._id)).toEqual(order.slice(-3));
    expect(last.headers['x-next-cursor']).toBeUndefined();
    const back = (await walk(`/hondas?limit=7&sort=price&cursor=${encodeURIComponent(last.headers['x-prev-cursor'] as string)}`, 'x-prev-cursor', 'price')).map(
      (page) => page.map((car) => car._id),
    );
    // Each page back is the seven cars before the one shown last...
    let end = order.length - 3;
    for (const page of back.slice(0, -1)) {
      expect(page).toEqual(order.slice(end - 7, end));
      end -= 7;
    }
    // ...and the way back ends on page 1 as page 1 shows it, whatever the page boundaries on the way.
    expect(end).toBeLessThanOrEqual(7);
    expect(back.at(-1)).toEqual(forward[0]!.map((car) => car._id));

    const third = await get('/hondas?limit=7&sort=price&offset=14');
    const fourth = await get(`/hondas?limit=7&sort=price&cursor=${encodeURIComponent(third.headers['x-next-cursor'] as string)}`);
    expect(fourth.json<Car[]>().map((car) => car._id)).toEqual(order.slice(21, 28));
  });

  it('leaves the first page without a previous cursor, and plain GET /hondas as it was', async () => {
    const first = await get('/hondas?limit=7');
    expect(first.headers['x-prev-cursor']).toBeUndefined();
    expect(first.headers['x-next-cursor']).toEqual(expect.any(String));
    const plain = await get('/hondas');
    expect(plain.statusCode).toBe(200);
    expect(Array.isArray(plain.json())).toBe(true);
  });

  it('lets the site read the cursors across origins', async () => {
    const response = await api().inject({ method: 'GET', url: '/hondas?limit=7', headers: { origin: TEST_CONFIG.corsOrigins[0]! } });
    expect(response.headers['access-control-expose-headers']).toContain('X-Next-Cursor');
    expect(response.headers['access-control-expose-headers']).toContain('X-Prev-Cursor');
  });

  it('refuses cursors that do not fit the request, and offsets past the bound, in words', async () => {
    const cursor = encodeURIComponent((await get('/hondas?limit=7&sort=price')).headers['x-next-cursor'] as string);
    for (const [url, message] of [
      [`/hondas?sort=-price&cursor=${cursor}`, 'This cursor belongs to sort=price; ask with that sort, or start again from the first page'],
      [
        `/hondas?sort=price&minPrice=12000&cursor=${cursor}`,
        'This cursor belongs to another list (other filters or another brand); start again from the first page',
      ],
      [`/audis?sort=price&cursor=${cursor}`, 'This cursor belongs to another list (other filters or another brand); start again from the first page'],
      [`/hondas?sort=price&offset=7&cursor=${cursor}`, 'Send either cursor or offset, not both: a cursor already says where the page starts'],
      [
        '/hondas?cursor=not-a-cursor',
        'cursor is not one this API handed out; start again from the first page (cursors come in the X-Next-Cursor and X-Prev-Cursor headers)',
      ],
      [
        `/hondas?cursor=${Buffer.from('[1,"newest","a","x\'; drop table cars; --","00000000-0000-0000-0000-000000000000","x"]').toString('base64url')}`,
        'cursor is not one this API handed out',
      ],
      [
        `/hondas?offset=${CAR_LIST_MAX_OFFSET + 1}`,
        `offset must be at most ${CAR_LIST_MAX_OFFSET}; for deeper pages follow the cursor in the X-Next-Cursor header`,
      ],
    ]) {
      const response = await get(url!);
      expect([url, response.statusCode]).toEqual([url, 400]);
      expect(response.json<{ message: string }>().message).toContain(message);
    }
    expect((await get(`/hondas?limit=1&offset=${CAR_LIST_MAX_OFFSET}`)).statusCode).toBe(200);
  });
});
