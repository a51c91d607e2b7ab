import fc from 'fast-check';
import { rateDeal } from '@usedcars/shared-contract';
import { MarketIndex, type MarketCar, type MarketTarget, NEAREST, PER_SELLER, YEARS_APART, estimate } from './estimate';

let made = 0;
/** A listed 2019 car with 40,000 on the clock, of its own seller unless told. */
function car(price: number, overrides: Partial<MarketCar> = {}): MarketCar {
  made += 1;
  return { id: `car-${String(made).padStart(4, '0')}`, sellerId: `seller-${made}`, year: 2019, mileage: 40_000, price, listed: true, ...overrides };
}

const target: MarketTarget = { id: 'target', sellerId: 'me', year: 2019, mileage: 40_000 };
const rated = (pool: MarketCar[], who = target) => estimate(who, new MarketIndex(pool));

describe("the market's estimate", () => {
  it('is the median of the comparables, rounded to $100', () => {
    expect(rated([14_000, 14_200, 14_350, 14_500, 15_000].map((price) => car(price)))).toEqual({ estimate: 14_400, comparables: 5 });
  });

  it('gives no estimate below five comparables, and says how many there were', () => {
    expect(rated([14_000, 14_200, 14_350, 14_500].map((price) => car(price)))).toEqual({ estimate: null, comparables: 4 });
    expect(rated([])).toEqual({ estimate: null, comparables: 0 });
  });

  it('leaves outliers out of the estimate and the count', () => {
    const market = [14_000, 14_200, 14_350, 14_500, 15_000, 14_800].map((price) => car(price));
    const withOutliers = [...market, car(1), car(99_000)];
    expect(rated(withOutliers)).toEqual({ estimate: rated(market).estimate, comparables: 6 });
  });

  it("counts only other sellers' listed cars of a year apart at most and about the same mileage", () => {
    const fine = [14_000, 14_200, 14_350, 14_500, 15_000].map((price) => car(price));
    const ignored = [
      car(5_000, { sellerId: 'me' }),
      car(5_000, { listed: false }),
      car(5_000, { year: 2017 }),
      car(5_000, { mileage: 150_000 }),
      car(5_000, { id: 'target' }),
    ];
    expect(rated([...fine, ...ignored])).toEqual(rated(fine));
    expect(rated([...fine, car(14_400, { year: 2020 }), car(14_400, { mileage: 50_000 })]).comparables).toBe(7);
  });

  it("counts one seller's cars at most a few times, the nearest in mileage first", () => {
    const market = [14_000, 14_200, 14_350, 14_500, 15_000].map((price) => car(price));
    const fakes = (price: number) => Array.from({ length: 20 }, (_, index) => car(price, { sellerId: 'faker', mileage: 40_000 + index }));
    // Twenty believable fakes at $13,500 would make the median $13,500; three of them count.
    const believable = rated([...market, ...fakes(13_500)]);
    expect(believable.comparables).toBe(market.length + PER_SELLER);
    expect(believable.estimate).toBe(14_100);
    // Twenty at $9,000: their three are outliers, and the estimate is the market's.
    expect(rated([...market, ...fakes(9_000)])).toEqual(rated(market));
  });

  it('is the same whoever asks and in whatever order the market is read', () => {
    const market = [14_000, 14_200, 14_350, 14_500, 15_000, 13_900, 14_700].map((price) => car(price));
    expect(rated([...market].reverse())).toEqual(rated(market));
  });

  it('compares a car without a stated mileage with every mileage', () => {
    const market = [14_000, 14_200, 14_350, 14_500, 15_000].map((price, index) => car(price, { mileage: index * 50_000 }));
    expect(rated(market, { ...target, mileage: null }).comparables).toBe(5);
  });

  it('takes the same comparables as reading the whole market in order would, however the market looks', () => {
    // The rules of docs/api.md, "Deal ratings", applied the slow way: every car checked, all sorted.
    const similar = (a: number | null, b: number | null) => a === null || b === null || Math.abs(a - b) <= Math.max(10_000, 0.3 * Math.max(a, b));
    const slowly = (who: MarketTarget, pool: MarketCar[]) => {
      const near = (car: MarketCar) => (who.mileage === null || car.mileage === null ? 0 : Math.abs(car.mileage - who.mileage));
      const perSeller = new Map<string | null, number>();
      return pool
        .filter(
          (car) =>
            car.listed &&
            car.id !== who.id &&
            car.sellerId !== who.sellerId &&
            Math.abs(car.year - who.year) <= YEARS_APART &&
            similar(car.mileage, who.mileage),
        )
        .sort((a, b) => near(a) - near(b) || Math.abs(a.year - who.year) - Math.abs(b.year - who.year) || (a.id < b.id ? -1 : 1))
        .filter((car) => {
          const counted = perSeller.get(car.sellerId ?? '') ?? 0;
          perSeller.set(car.sellerId ?? '', counted + 1);
          return counted < PER_SELLER;
        })
        .slice(0, NEAREST)
        .map((car) => car.id);
    };
    // Few sellers, years and round mileages, so ties and the per-seller and forty-car limits are met often.
    const mileage = fc.option(
      fc.integer({ min: 0, max: 30 }).map((step) => step * 5_000),
      { freq: 6 },
    );
    const pool = fc.uniqueArray(
      fc.record({
        id: fc.integer({ min: 1, max: 9_999 }).map((n) => `car-${n}`),
        sellerId: fc.option(fc.constantFrom('a', 'b', 'c', 'd', 'me'), { freq: 8 }),
        year: fc.integer({ min: 2017, max: 2021 }),
        mileage,
        price: fc.integer({ min: 1, max: 400 }).map((n) => n * 100),
        listed: fc.boolean(),
      }),
      { selector: (car) => car.id, maxLength: 120, size: 'max' },
    );
    const who = fc.record({ id: fc.constant('car-1'), sellerId: fc.constant('me'), year: fc.integer({ min: 2017, max: 2021 }), mileage });
    fc.assert(
      fc.property(pool, who, (cars, target) => {
        const taken = [...new MarketIndex(cars).candidates(target)];
        const kept: string[] = [];
        const perSeller = new Map<string, number>();
        for (const car of taken) {
          const counted = perSeller.get(car.sellerId ?? '') ?? 0;
          perSeller.set(car.sellerId ?? '', counted + 1);
          if (counted < PER_SELLER && kept.length < NEAREST) kept.push(car.id);
        }
        expect(kept).toEqual(slowly(target, cars));
      }),
      { numRuns: 300 },
    );
  });
});

describe('the rating of a price', () => {
  it.each([
    [12_800, 'great'],
    [13_800, 'good'],
    [14_300, 'fair'],
    [15_300, 'high'],
    [16_000, 'overpriced'],
  ] as const)('$%d against a $14,300 estimate is %s', (price, rating) => {
    expect(rateDeal(price, 14_300)).toBe(rating);
  });
});
