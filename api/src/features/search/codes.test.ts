import fc from 'fast-check';
import type { Car, CarInput, NotificationPage } from '@usedcars/shared-contract';
import { type Account, COLLECTION, describeEachDriver } from '../../../test/helpers';

/**
 * Codes sellers type, mixing digits and letters, and the word a buyer types to find each: PostgreSQL's
 * parser reads several of them as numbers or cuts them apart (docs/api.md, "Search and facets", "Codes").
 */
const CODED: [field: 'carName' | 'details' | 'location', text: string, typed: string][] = [
  ['carName', 'Audi 1e5b22', '1e5b22'],
  ['carName', 'Audi A4 e2e-2e6c33', '2e6c33'],
  ['carName', 'BMW 320d Touring', '320d'],
  ['carName', 'Audi Q7 Avant', 'Q7'],
  ['carName', 'Golf 2.0tdi Match', '2.0tdi'],
  ['carName', 'Audi e-tron GT', 'e-tron'],
  ['carName', 'Audi 3e4 Edition', '3e4'],
  ['carName', 'Audi RS6 0x1f4a', '0x1f4a'],
  ['details', 'Navigation firmware v7.2.9 installed.', 'v7.2.9'],
  ['details', 'Range 1.5e3km on one charge.', '1.5e3km'],
  ['details', 'Tyres 225/45r17, nearly new.', '225/45r17'],
  ['location', 'Unit 7e3, Hayward', '7e3'],
];

/** Letters, digits, the letter of an exponent more often, a few outside ASCII; runs of them joined as codes are. */
const CODE_CHARS = [...'abcdxyzABCDXYZ0123456789', ...'eeeE', ...'0159', 'é', 'ñ', 'ж', 'ß', '২'];
/** Nothing, a space, punctuation and symbols: a code's runs may be joined by any of them. */
const SEPARATORS = ['', '..', '-.', '.-', ...` -./+_,:@'&#()!%$*=~"\\—«、<>|;?^[]{}`];
const run = fc.string({ unit: fc.constantFrom(...CODE_CHARS), minLength: 1, maxLength: 8 });
const code = fc
  .tuple(run, fc.array(fc.tuple(fc.constantFrom(...SEPARATORS), run), { maxLength: 3 }))
  .map(([first, rest]) => first + rest.map(([separator, part]) => separator + part).join(''));

describeEachDriver('codes in listings', (api) => {
  let seller: Account;
  const ids = new Map<string, string>();
  beforeAll(async () => {
    seller = await api().account('Seller', 'Code Seller');
    for (const [field, text, typed] of CODED) {
      const listing: Partial<CarInput> = { categoryName: 'audi', carName: `Audi listing ${ids.size}`, details: 'One owner.', [field]: text };
      ids.set(typed, await api().addCar(seller, listing));
    }
  }, 120_000);

  const found = async (url: string) => {
    const response = await api().inject({ method: 'GET', url });
    expect([url, response.statusCode]).toEqual([url, 200]);
    return response.json<Car[]>().map((car) => car._id);
  };
  const searched = (typed: string) => found(`/search?limit=100&q=${encodeURIComponent(typed)}`);

  it.each(CODED)('finds the %s "%s" by "%s", across brands and in its brand list', async (_field, text, typed) => {
    expect(await searched(typed)).toEqual([ids.get(typed)]);
    expect(await found(`${COLLECTION.audi}?limit=100&q=${encodeURIComponent(typed)}`)).toEqual([ids.get(typed)]);
    expect(await searched(text)).toContain(ids.get(typed));
  });

  it('ranks a code in the name above the same code in the details, as words are', async () => {
    const inName = await api().addCar(seller, { categoryName: 'honda', carName: 'Honda Civic 9e4f10' });
    const inDetails = await api().addCar(seller, { categoryName: 'honda', carName: 'Honda Jazz', details: 'Replaced part 9e4f10 last year.' });
    expect(await searched('9e4f10')).toEqual([inName, inDetails]);
  });

  it('alerts a saved search for a code when a car with that code is listed', async () => {
    const buyer = await api().account('Buyer');
    const saved = await api().inject({
      method: 'POST',
      url: '/saved-searches',
      headers: buyer.auth,
      payload: { name: 'That code', filters: { category: 'audi', q: '4e7a11' } },
    });
    expect(saved.statusCode).toBe(201);
    await api().addCar(seller, { categoryName: 'audi', carName: 'Audi S4 e2e-4e7a11', currentPrice: 18_000 });
    const inbox = (await api().inject({ method: 'GET', url: '/notifications', headers: buyer.auth })).json<NotificationPage>();
    expect(inbox.items.map((item) => item.text)).toEqual(['New match for "That code": Audi S4 e2e-4e7a11 at $18,000']);
  });

  it('finds any listed name by that name and by its code alone, whatever digits and letters it mixes', async () => {
    await fc.assert(
      fc.asyncProperty(code, async (typed) => {
        const carName = `Audi ${typed}`;
        const id = await api().addCar(seller, { categoryName: 'audi', carName });
        expect({ typed, found: (await searched(typed)).includes(id) }).toEqual({ typed, found: true });
        expect({ carName, found: (await searched(carName)).includes(id) }).toEqual({ carName, found: true });
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
