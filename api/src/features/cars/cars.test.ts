import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CAR_LIST_MAX_LIMIT, CATEGORIES, CATEGORY_PATHS, type Car } from '@usedcars/shared-contract';
import { buildApp } from '../../app';
import { cars } from '../../db/schema';
import { type Account, COLLECTION, TEST_CONFIG, UNSTATED, describeEachDriver, holdableDb, sampleCar } from '../../../test/helpers';

describeEachDriver('cars', (api) => {
  let seller: Account;
  beforeAll(async () => {
    seller = await api().account('Seller', 'Sally Seller');
  });

  it.each(CATEGORIES)('a seller adds a %s car and everyone reads it with every field', async (category) => {
    const id = await api().addCar(seller, { categoryName: category, carName: `${category} test car` });
    const one = await api().inject({ method: 'GET', url: `${COLLECTION[category]}/${id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({
      ...sampleCar({ categoryName: category, carName: `${category} test car` }),
      _id: id,
      sellerName: 'Sally Seller',
      status: 'available',
      photos: [],
      priceHistory: [{ price: 21_500, at: expect.any(String) }],
      // Listed the way older clients do, without the facts: each reads as not stated, and no rating yet.
      ...UNSTATED,
    });
    const list = await api().inject({ method: 'GET', url: COLLECTION[category] });
    expect(list.json<Car[]>().map((car) => car._id)).toContain(id);
    const mine = await api().inject({ method: 'GET', url: `${CATEGORY_PATHS[category].apiSellerCollection}?sellerName=Sally%20Seller` });
    expect(mine.statusCode).toBe(200);
    expect(mine.json<Car[]>().every((car) => car.sellerName === 'Sally Seller' && car.categoryName === category)).toBe(true);
  });

  it('takes the seller from the account, not the body', async () => {
    const id = await api().addCar(seller, { sellerName: 'Somebody Famous' });
    const [row] = await api().db.select().from(cars).where(eq(cars.id, id));
    expect(row).toMatchObject({ sellerName: 'Sally Seller', sellerId: seller.id });
  });

  it('lets only sellers add cars, to the matching collection', async () => {
    const buyer = await api().account('Buyer');
    const admin = await api().account('admin');
    for (const headers of [buyer.auth, admin.auth]) {
      expect((await api().inject({ method: 'POST', url: '/audis', headers, payload: sampleCar() })).statusCode).toBe(403);
    }
    expect((await api().inject({ method: 'POST', url: '/audis', payload: sampleCar() })).statusCode).toBe(401);
    const wrong = await api().inject({ method: 'POST', url: '/hondas', headers: seller.auth, payload: sampleCar() });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('categoryName must be honda for /hondas');
  });

  it('responds with 404 for an unknown car or one of another brand, 400 for a malformed id', async () => {
    const id = await api().addCar(seller);
    expect((await api().inject({ method: 'GET', url: `/hondas/${id}` })).statusCode).toBe(404);
    const unknown = await api().inject({ method: 'GET', url: '/audis/00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/No audi car/);
    const malformed = await api().inject({ method: 'GET', url: "/audis/1' OR '1'='1" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'id must be a valid id' });
  });

  describe("a seller's own cars (GET /myAudi, /myHonda, /myMercedess)", () => {
    let first: Account;
    let namesake: Account;
    let firstCar: string;
    let namesakeCar: string;
    beforeAll(async () => {
      // Names are not unique: two sellers may both be Sam Same.
      first = await api().account('Seller', 'Sam Same');
      namesake = await api().account('Seller', 'Sam Same');
      firstCar = await api().addCar(first, { categoryName: 'honda' });
      namesakeCar = await api().addCar(namesake, { categoryName: 'honda' });
    });
    const mine = (query: string, headers: Record<string, string> = {}) => api().inject({ method: 'GET', url: `/myHonda${query}`, headers });
    const ids = (response: { json: () => unknown }) => (response.json() as Car[]).map((car) => car._id).sort();

    it('responds by sellerName without a token, as old clients call it', async () => {
      const response = await mine('?sellerName=Sam%20Same');
      expect(response.statusCode).toBe(200);
      expect(ids(response)).toEqual([firstCar, namesakeCar].sort());
    });

    it("returns a signed-in seller's own cars by account, whatever the name says", async () => {
      expect(ids(await mine('?sellerName=Sam%20Same', first.auth))).toEqual([firstCar]);
      expect(ids(await mine('?sellerName=Sam%20Same', namesake.auth))).toEqual([namesakeCar]);
      expect(ids(await mine('?sellerName=Somebody%20Else', first.auth))).toEqual([firstCar]);
      const withoutName = await mine('', first.auth);
      expect(withoutName.statusCode).toBe(200);
      expect(ids(withoutName)).toEqual([firstCar]);
      expect(withoutName.headers['x-total-count']).toBe('1');
    });

    it('asks for a fresh token when the one sent is not valid, and uses the name for anyone but a seller', async () => {
      const expired = await mine('?sellerName=Sam%20Same', { authorization: 'Bearer not-a-token' });
      expect(expired.statusCode).toBe(401);
      const buyer = await api().account('Buyer');
      expect(ids(await mine('?sellerName=Sam%20Same', buyer.auth))).toEqual([firstCar, namesakeCar].sort());
      const nameless = await mine('', buyer.auth);
      expect(nameless.statusCode).toBe(400);
      expect(nameless.json().message).toBe('sellerName is required');
    });
  });

  describe('lists that scale (mercedess)', () => {
    const prices = [10_000, 25_000, 40_000, 55_000, 70_000];
    beforeAll(async () => {
      await api().db.delete(cars).where(eq(cars.category, 'mercedes'));
      for (const [index, price] of prices.entries()) {
        await api().addCar(seller, {
          categoryName: 'mercedes',
          carName: index === 2 ? 'Mercedes-Benz GLC 300 4MATIC' : `Mercedes-Benz C ${200 + index * 50}`,
          currentPrice: price,
          purchaseYear: String(2015 + index),
          location: index % 2 ? 'Austin, TX' : 'Boston, MA',
          details: index === 4 ? 'Panoramic sunroof and 100% dealer history' : 'Clean title.',
        });
      }
    });

    const list = async (query: string) => {
      const response = await api().inject({ method: 'GET', url: `/mercedess?${query}` });
      expect(response.statusCode).toBe(200);
      return { cars: response.json<Car[]>(), total: Number(response.headers['x-total-count']), response };
    };

    it('pages with limit and offset and reports the total', async () => {
      const first = await list('limit=2&sort=price');
      expect(first.cars.map((car) => car.currentPrice)).toEqual([10_000, 25_000]);
      expect(first.total).toBe(5);
      const last = await list('limit=2&offset=4&sort=price');
      expect(last.cars.map((car) => car.currentPrice)).toEqual([70_000]);
      expect((await list('limit=2&offset=10')).cars).toEqual([]);
      expect((await list('limit=2&offset=10')).total).toBe(5);
    });

    it('sorts by price, year and newest', async () => {
      expect((await list('sort=-price')).cars.map((car) => car.currentPrice)).toEqual([...prices].reverse());
      expect((await list('sort=year')).cars.map((car) => car.purchaseYear)).toEqual(['2015', '2016', '2017', '2018', '2019']);
      expect((await list('sort=-year&limit=1')).cars[0]?.purchaseYear).toBe('2019');
      expect((await list('sort=newest&limit=1')).cars[0]?.currentPrice).toBe(70_000);
    });

    it('filters by price, year, location, text and status', async () => {
      expect((await list('minPrice=25000&maxPrice=55000')).cars.map((car) => car.currentPrice).sort()).toEqual([25_000, 40_000, 55_000]);
      expect((await list('year=2017')).cars.map((car) => car.carName)).toEqual(['Mercedes-Benz GLC 300 4MATIC']);
      const austin = await list('location=austin');
      expect(austin.total).toBe(2);
      expect((await list('q=glc')).cars.map((car) => car.carName)).toEqual(['Mercedes-Benz GLC 300 4MATIC']);
      expect((await list('q=100%25')).cars.map((car) => car.currentPrice)).toEqual([70_000]);
      expect((await list('q=%25')).cars.map((car) => car.currentPrice)).toEqual([70_000]);
      expect((await list('status=available')).total).toBe(5);
      expect((await list('status=sold')).total).toBe(0);
      expect((await list(`q=${encodeURIComponent("'; DROP TABLE cars; --")}`)).total).toBe(0);
    });

    it('returns an ETag and 304 when the client has the page', async () => {
      const { response } = await list('limit=3');
      const again = await api().inject({ method: 'GET', url: '/mercedess?limit=3', headers: { 'if-none-match': response.headers.etag as string } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    });

    it('returns a repeated address exactly as the first time: body, paging and security headers, CORS', async () => {
      const origin = TEST_CONFIG.corsOrigins[0]!;
      const ask = () => api().inject({ method: 'GET', url: '/mercedess?limit=2&sort=price&junk=1', headers: { origin } });
      const first = await ask();
      const repeat = await ask();
      expect(repeat.statusCode).toBe(200);
      expect(repeat.body).toBe(first.body);
      for (const header of [
        'content-type',
        'x-total-count',
        'etag',
        'cache-control',
        'x-content-type-options',
        'content-security-policy',
        'access-control-allow-origin',
      ]) {
        expect([header, repeat.headers[header]]).toEqual([header, first.headers[header]]);
      }
      expect(repeat.headers['access-control-allow-origin']).toBe(origin);
      // A bad address is never remembered: it is refused every time.
      for (let i = 0; i < 2; i += 1) expect((await api().inject({ method: 'GET', url: '/mercedess?limit=0' })).statusCode).toBe(400);
    });

    it('shows a new car at once (writes clear the cache)', async () => {
      const before = (await list('limit=1')).total;
      await api().addCar(seller, { categoryName: 'mercedes', currentPrice: 99_999 });
      const after = await list('limit=1');
      expect(after.total).toBe(before + 1);
      expect(after.cars[0]?.currentPrice).toBe(99_999);
    });

    it('refuses bad paging and filter values with the field named', async () => {
      for (const [query, message] of [
        ['limit=0', 'limit must be at least 1'],
        [`limit=${CAR_LIST_MAX_LIMIT + 1}`, `limit must be at most ${CAR_LIST_MAX_LIMIT}`],
        ['offset=-1', 'offset must not be negative'],
        ['offset=10001', 'offset must be at most 10000; for deeper pages follow the cursor in the X-Next-Cursor header'],
        ['sort=random', 'sort must be one of'],
        ['minPrice=cheap', 'minPrice must be a number'],
        ['year=19', 'year must be four digits'],
        ['status=stolen', 'status must be one of'],
      ]) {
        const response = await api().inject({ method: 'GET', url: `/mercedess?${query}` });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toContain(message);
      }
      expect((await api().inject({ method: 'GET', url: '/myAudi' })).json().message).toBe('sellerName is required');
    });
  });

  it(`returns at most ${CAR_LIST_MAX_LIMIT} cars without a limit, with the full total`, async () => {
    const rows = Array.from({ length: CAR_LIST_MAX_LIMIT + 5 }, (_, index) => ({
      ...sampleCar({ categoryName: 'honda' }),
      category: 'honda',
      carName: `Honda Fit ${index}`,
      sellerName: seller.name,
      sellerId: seller.id,
    }));
    await api()
      .db.insert(cars)
      .values(rows.map(({ categoryName: _category, ...row }) => row));
    const response = await api().inject({ method: 'GET', url: '/hondas?q=fit' });
    expect(response.json()).toHaveLength(CAR_LIST_MAX_LIMIT);
    expect(response.headers['x-total-count']).toBe(String(CAR_LIST_MAX_LIMIT + 5));
  });

  describe('the list cache, with a write landing during a read', () => {
    let app: FastifyInstance;
    let database: ReturnType<typeof holdableDb>;
    beforeAll(async () => {
      database = holdableDb(api().db);
      app = await buildApp({ db: database.db, identity: api().identity, gateway: api().gateway, config: TEST_CONFIG });
      await app.ready();
    });
    afterAll(() => app.close());

    const get = (url: string) => app.inject({ method: 'GET', url });
    const add = async (carName: string) => {
      const response = await app.inject({ method: 'POST', url: '/audis', headers: seller.auth, payload: sampleCar({ carName }) });
      expect(response.statusCode).toBe(201);
    };

    it('does not keep a page read before the write', async () => {
      await add('Racecar one');
      const held = database.hold(1); // the page's own query, after the one that reads the words
      const early = get('/audis?q=racecar');
      await held.reached;
      await add('Racecar two');
      held.release();
      // It began before the write, so it may respond without the new car; it must not be kept.
      expect((await early).json()).toHaveLength(1);
      const after = await get('/audis?q=racecar');
      expect(
        after
          .json<Car[]>()
          .map((car) => car.carName)
          .sort(),
      ).toEqual(['Racecar one', 'Racecar two']);
      expect(after.headers['x-total-count']).toBe('2');
    });

    it('does not keep a total counted before the write', async () => {
      await add('Countach one');
      await add('Countach two');
      const held = database.hold(2); // a page of 1 with more to come needs the count, the third query (after the words and the page)
      const early = get('/audis?q=countach&limit=1');
      await held.reached;
      await add('Countach three');
      held.release();
      expect((await early).headers['x-total-count']).toBe('2');
      // Another page of the same filters reads the total the first one would have cached.
      expect((await get('/audis?q=countach&limit=1&sort=price')).headers['x-total-count']).toBe('3');
    });

    it('keys pages on the validated query, so unknown parameters share one entry', async () => {
      await add('Ferrari Dino');
      expect((await get('/audis?q=dino&limit=5&utm_source=a')).json()).toHaveLength(1);
      const before = database.queries;
      for (const junk of ['utm_source=b', 'x=1', 'fbclid=zzz', 'limit2=9']) {
        const response = await get(`/audis?q=dino&limit=5&${junk}`);
        expect(response.json()).toHaveLength(1);
      }
      expect(database.queries - before).toBe(0);
    });
  });
});
