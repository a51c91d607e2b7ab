import type { CarInput, CarResponse as Car, MarketEstimate } from '@usedcars/shared-contract';
import { type Account, COLLECTION, describeEachDriver } from '../../../test/helpers';

/** A 2019 Honda Civic EX with 40,000 miles: each test uses its own model name, so tests do not share a market. */
const civic = (carName: string, currentPrice: number, overrides: Partial<CarInput> = {}): Partial<CarInput> => ({
  categoryName: 'honda',
  carName,
  currentPrice,
  purchaseYear: '2019',
  mileage: 40_000,
  fuel: 'petrol',
  gearbox: 'automatic',
  body: 'saloon',
  colour: 'blue',
  previousOwners: 1,
  ...overrides,
});

describeEachDriver('deal ratings', (api) => {
  let me: Account;
  let others: Account[];
  beforeAll(async () => {
    me = await api().account('Seller', 'Rated Seller');
    others = [];
    for (let index = 0; index < 7; index++) others.push(await api().account('Seller', `Other Seller ${index}`));
  });

  const read = async (id: string) => (await api().inject({ method: 'GET', url: `${COLLECTION.honda}/${id}` })).json<Car>();
  /** One car each from the first `count` other sellers. */
  const market = async (model: string, prices: number[]) => {
    for (const [index, price] of prices.entries()) await api().addCar(others[index]!, civic(model, price));
  };

  it('rates a car against five or more other sellers’ cars of its model, and says why', async () => {
    await market('Honda Civic Rated', [14_000, 14_200, 14_350, 14_500, 15_000]);
    const mine = await api().addCar(me, civic('Honda Civic Rated', 12_900));
    expect((await read(mine)).market).toEqual({ estimate: 14_400, comparables: 5, rating: 'great' });
  });

  it('says "No rating yet" with four comparables, and rates once a fifth is listed', async () => {
    await market('Honda Civic Few', [14_000, 14_200, 14_350, 14_500]);
    const mine = await api().addCar(me, civic('Honda Civic Few', 14_300));
    expect((await read(mine)).market).toEqual({ estimate: null, comparables: 4, rating: null });
    await api().addCar(others[4]!, civic('Honda Civic Few', 15_000));
    expect((await read(mine)).market).toEqual({ estimate: 14_400, comparables: 5, rating: 'fair' });
  });

  it('leaves outliers out: a $1 listing and a $99,000 one change nothing', async () => {
    await market('Honda Civic Outliers', [14_000, 14_200, 14_350, 14_500, 15_000]);
    const mine = await api().addCar(me, civic('Honda Civic Outliers', 15_300));
    const before = (await read(mine)).market;
    await api().addCar(others[5]!, civic('Honda Civic Outliers', 1));
    await api().addCar(others[6]!, civic('Honda Civic Outliers', 99_000));
    expect((await read(mine)).market).toEqual(before);
    expect(before).toEqual({ estimate: 14_400, comparables: 5, rating: 'high' });
  });

  it("never counts a seller's own cars: a seller's fakes cannot move their own rating", async () => {
    await market('Honda Civic Fakes', [14_000, 14_200, 14_350, 14_500, 15_000]);
    const mine = await api().addCar(me, civic('Honda Civic Fakes', 16_500));
    expect((await read(mine)).market.rating).toBe('overpriced');
    // Ten "comparables" at $20,000 to make $16,500 look cheap.
    for (let index = 0; index < 10; index++) await api().addCar(me, civic('Honda Civic Fakes', 20_000, { mileage: 40_000 + index }));
    expect((await read(mine)).market).toEqual({ estimate: 14_400, comparables: 5, rating: 'overpriced' });
    // Another seller's car sees at most three of them: the estimate moves, but the fakes do not set it.
    const theirs = (await api().inject({ method: 'GET', url: `${COLLECTION.honda}?q=fakes&limit=100` }))
      .json<Car[]>()
      .find((car) => car.sellerName === 'Other Seller 0')!;
    expect(theirs.market.comparables).toBeLessThanOrEqual(4 + 3);
  });

  it('is stable between views and follows the market: a sale takes a comparable out', async () => {
    await market('Honda Civic Sold', [14_000, 14_200, 14_350, 14_500, 15_000, 14_800]);
    const mine = await api().addCar(me, civic('Honda Civic Sold', 14_400));
    const first = await read(mine);
    expect(await read(mine)).toEqual(first);
    expect(first.market.comparables).toBe(6);
    const [sold] = (await api().inject({ method: 'GET', url: `${COLLECTION.honda}?q=sold&sort=price&limit=1` })).json<Car[]>();
    await api().buy(await api().account('Buyer'), sold!._id);
    expect((await read(mine)).market.comparables).toBe(5);
  });

  it('follows its own price at once: the response to a new price carries its rating', async () => {
    await market('Honda Civic Repriced', [14_000, 14_200, 14_350, 14_500, 15_000]);
    const mine = await api().addCar(me, civic('Honda Civic Repriced', 16_000));
    const patched = await api().inject({ method: 'PATCH', url: `${COLLECTION.honda}/${mine}`, headers: me.auth, payload: { currentPrice: 12_900 } });
    expect(patched.json<Car>().market).toEqual({ estimate: 14_400, comparables: 5, rating: 'great' });
  });

  it('sorts a brand list best deal first, unrated cars last', async () => {
    await market('Honda Civic Sorted', [14_000, 14_200, 14_350, 14_500, 15_000]);
    const cheap = await api().addCar(me, civic('Honda Civic Sorted', 12_000));
    const dear = await api().addCar(me, civic('Honda Civic Sorted', 17_000));
    const sorted = (await api().inject({ method: 'GET', url: `${COLLECTION.honda}?q=sorted&sort=deal&limit=100` })).json<Car[]>();
    const ratios = sorted.map((car) => (car.market.estimate === null ? Infinity : car.currentPrice / car.market.estimate));
    expect(ratios).toEqual([...ratios].sort((a, b) => a - b));
    expect(sorted[0]!._id).toBe(cheap);
    expect(sorted.findIndex((car) => car._id === dear)).toBeGreaterThan(0);
  });

  it("tells a seller the estimate for a car before it is listed, from other sellers' cars only", async () => {
    await market('Honda Civic Priced', [14_000, 14_200, 14_350, 14_500, 15_000]);
    await api().addCar(me, civic('Honda Civic Priced', 30_000));
    const asked = await api().inject({
      method: 'GET',
      url: '/market/estimate?category=honda&carName=Honda%20Civic%20Priced&purchaseYear=2019&mileage=41000',
      headers: me.auth,
    });
    expect(asked.json<MarketEstimate>()).toEqual({ estimate: 14_400, comparables: 5 });
    const buyer = await api().account('Buyer');
    expect((await api().inject({ method: 'GET', url: '/market/estimate?category=honda&carName=x&purchaseYear=2019', headers: buyer.auth })).statusCode).toBe(
      403,
    );
    const bad = await api().inject({ method: 'GET', url: '/market/estimate?category=honda&carName=x&purchaseYear=19', headers: me.auth });
    expect(bad.json()).toEqual({ message: 'purchaseYear must be a year (YYYY)' });
  });
});
