import { FACET_NAMES, type Car, type CarInput, type FacetCounts } from '@usedcars/shared-contract';
import { type Account, COLLECTION, describeEachDriver } from '../../../test/helpers';

type Listing = Partial<CarInput> & Pick<CarInput, 'carName' | 'categoryName'>;

const LISTINGS: Listing[] = [
  {
    categoryName: 'honda',
    carName: 'Honda Civic EX',
    currentPrice: 14_000,
    purchaseYear: '2019',
    location: 'Austin, TX',
    fuel: 'petrol',
    gearbox: 'manual',
    body: 'saloon',
    mileage: 30_000,
  },
  {
    categoryName: 'honda',
    carName: 'Honda Civic Sport Hatchback',
    currentPrice: 18_000,
    purchaseYear: '2020',
    location: 'Dallas, TX',
    fuel: 'hybrid',
    gearbox: 'automatic',
    body: 'hatchback',
    mileage: 60_000,
  },
  {
    categoryName: 'honda',
    carName: 'Honda Accord LX',
    details: 'Bought to replace my old civic, two keys.',
    currentPrice: 9_000,
    purchaseYear: '2016',
    location: 'Austin, TX',
    fuel: 'diesel',
    gearbox: 'automatic',
    body: 'saloon',
    mileage: 90_000,
  },
  {
    categoryName: 'mercedes',
    carName: 'Mercedes-Benz C 300 Sedan',
    currentPrice: 32_000,
    purchaseYear: '2021',
    location: 'Austin, TX',
    fuel: 'petrol',
    gearbox: 'automatic',
    body: 'saloon',
    mileage: 20_000,
  },
  {
    categoryName: 'mercedes',
    carName: 'Mercedes-Benz GLC 300 4MATIC',
    currentPrice: 28_000,
    purchaseYear: '2019',
    location: 'Dallas, TX',
    fuel: 'diesel',
    gearbox: 'automatic',
    body: 'suv',
    mileage: 45_000,
  },
  {
    categoryName: 'audi',
    carName: 'Audi A4 2.0 TFSI',
    details: 'Heated seats, new tires.',
    currentPrice: 12_000,
    purchaseYear: '2017',
    location: 'Seattle, WA',
    fuel: 'petrol',
    gearbox: 'manual',
    body: 'saloon',
    mileage: 70_000,
  },
  // No facts: a listing from before them, found by its words and counted in no fact's option.
  { categoryName: 'audi', carName: 'Audi Q5 Premium', currentPrice: 21_000, purchaseYear: '2018', location: 'Seattle, WA' },
];

describeEachDriver('the search across brands', (api) => {
  let seller: Account;
  beforeAll(async () => {
    seller = await api().account('Seller', 'Searchable Seller');
    const ids: string[] = [];
    for (const listing of LISTINGS) ids.push(await api().addCar(seller, { details: 'One owner.', ...listing }));
    // A price cut, still in its band: the Civic EX is the one car whose price dropped.
    const cut = await api().inject({ method: 'PATCH', url: `${COLLECTION.honda}/${ids[0]}`, headers: seller.auth, payload: { currentPrice: 13_500 } });
    expect(cut.statusCode).toBe(200);
  });

  const search = async (query: string) => {
    const response = await api().inject({ method: 'GET', url: `/search?${query}` });
    expect([query, response.statusCode]).toEqual([query, 200]);
    return { names: response.json<Car[]>().map((car) => car.carName), total: Number(response.headers['x-total-count']) };
  };
  const facets = async (query: string) => {
    const response = await api().inject({ method: 'GET', url: `/search/facets?${query}` });
    expect(response.statusCode).toBe(200);
    return response.json<{ total: number; facets: FacetCounts }>();
  };

  it('ranks the cars whose name has the word above those whose details do', async () => {
    const { names, total } = await search('q=civic');
    expect(total).toBe(3);
    expect(new Set(names.slice(0, 2))).toEqual(new Set(['Honda Civic EX', 'Honda Civic Sport Hatchback']));
    expect(names[2]).toBe('Honda Accord LX');
  });

  it('finds a car through a typo, a plural and the start of a word', async () => {
    const civics = await search('q=civic');
    for (const typed of ['civc', 'civics', 'CIVIC', 'civ']) expect((await search(`q=${typed}`)).names).toEqual(civics.names);
    expect(new Set((await search('q=mercedez')).names)).toEqual(new Set(['Mercedes-Benz C 300 Sedan', 'Mercedes-Benz GLC 300 4MATIC']));
    expect((await search('q=heat')).names).toEqual(['Audi A4 2.0 TFSI']);
    expect((await search('q=mercedez%20glc')).names).toEqual(['Mercedes-Benz GLC 300 4MATIC']);
    expect((await search('q=zzzzqqq')).total).toBe(0);
  });

  it('lists everything with the filters when there are no words, newest first', async () => {
    expect((await search('')).total).toBe(LISTINGS.length);
    expect((await search('')).names[0]).toBe('Audi Q5 Premium');
    expect((await search('brand=honda&brand=audi&fuel=petrol')).names.sort()).toEqual(['Audi A4 2.0 TFSI', 'Honda Civic EX']);
  });

  /** Every option's count is the total of the list with that option as its facet's pick, the other picks kept. */
  async function expectCountsMatchLists(query: string) {
    const counted = await facets(query);
    expect(counted.total).toBe((await search(query)).total);
    for (const name of FACET_NAMES) {
      for (const option of counted.facets[name]) {
        const params = new URLSearchParams(query);
        params.delete(name);
        params.append(name, option.value);
        const { total } = await search(params.toString());
        expect({ query, facet: name, option: option.value, count: option.count }).toEqual({ query, facet: name, option: option.value, count: total });
        expect(option.count).toBeGreaterThan(0);
      }
    }
    return counted;
  }

  it('counts each option as the list it leads to, given the other facets, and hides the empty ones', async () => {
    const plain = await expectCountsMatchLists('');
    expect(plain.facets.brand).toEqual([
      { value: 'audi', count: 2 },
      { value: 'honda', count: 3 },
      { value: 'mercedes', count: 2 },
    ]);
    expect(plain.facets.fuel).toEqual([
      { value: 'petrol', count: 3 },
      { value: 'diesel', count: 2 },
      { value: 'hybrid', count: 1 },
    ]);
    expect(plain.facets.body.map((option) => option.value)).not.toContain('van');
    expect(plain.facets.year.map((option) => option.value)).toEqual(['2021', '2020', '2019', '2018', '2017', '2016']);

    // Picking diesel leaves every fuel's count as it was (the facet's own pick is not applied to it) and narrows the others.
    const diesel = await expectCountsMatchLists('fuel=diesel');
    expect(diesel.facets.fuel).toEqual(plain.facets.fuel);
    expect(diesel.facets.brand).toEqual([
      { value: 'honda', count: 1 },
      { value: 'mercedes', count: 1 },
    ]);
    expect(diesel.total).toBe(2);

    // Two options of one facet are OR-ed; facets are AND-ed.
    const picked = await expectCountsMatchLists('fuel=diesel&fuel=petrol&city=Austin%2C%20TX&price=10000-15000&q=honda');
    expect(picked.total).toBe(1);
    await expectCountsMatchLists('mileage=0-10000&mileage=10000-30000&gearbox=automatic');
  });

  it('counts with every facet but one picked, and with picks that leave no car', async () => {
    const everyPick = await expectCountsMatchLists(
      'brand=honda&price=10000-15000&year=2019&mileage=30000-60000&fuel=petrol&gearbox=manual&body=saloon&city=Austin%2C%20TX&priceDropped=true',
    );
    expect(everyPick.total).toBe(1);
    expect(everyPick.facets.priceDropped).toEqual([{ value: 'true', count: 1 }]);
    expect(everyPick.facets.deal).toEqual([]);
    // No electric Honda: nothing left, yet each pick still shows what the other picks leave.
    const none = await expectCountsMatchLists('brand=honda&fuel=electric&q=civic');
    expect(none.total).toBe(0);
    expect(none.facets.brand).toEqual([]);
    expect(none.facets.fuel).toEqual([
      { value: 'petrol', count: 1 },
      { value: 'diesel', count: 1 },
      { value: 'hybrid', count: 1 },
    ]);
    expect(none.facets.body).toEqual([]);
  });

  it("gives a brand list the same facets, counted with the list's own filters", async () => {
    const counted = await facets('brand=honda&maxPrice=15000');
    const list = await api().inject({ method: 'GET', url: '/hondas?maxPrice=15000' });
    expect(counted.total).toBe(Number(list.headers['x-total-count']));
    for (const option of counted.facets.body) {
      const narrowed = await api().inject({ method: 'GET', url: `/hondas?maxPrice=15000&body=${option.value}` });
      expect(option.count).toBe(Number(narrowed.headers['x-total-count']));
    }
  });

  it('keeps the counts of facets alone equal to the lists as cars are repriced, listed and ended', async () => {
    const added = await api().addCar(seller, {
      carName: 'Audi A3 Sportback',
      categoryName: 'audi',
      currentPrice: 4_000,
      purchaseYear: '2015',
      location: 'Austin, TX',
      fuel: 'petrol',
    });
    const patch = (id: string, payload: object) => api().inject({ method: 'PATCH', url: `${COLLECTION.audi}/${id}`, headers: seller.auth, payload });
    await expectCountsMatchLists('fuel=petrol&city=Austin%2C%20TX');
    // Into another price band, and out of every list.
    expect((await patch(added, { currentPrice: 16_000 })).statusCode).toBe(200);
    expect((await facets('brand=audi')).facets.price).toEqual([
      { value: '10000-15000', count: 1 },
      { value: '15000-20000', count: 1 },
      { value: '20000-30000', count: 1 },
    ]);
    await expectCountsMatchLists('brand=audi&price=15000-20000');
    expect((await patch(added, { status: 'withdrawn' })).statusCode).toBe(200);
    expect((await facets('price=15000-20000')).total).toBe(1);
    await expectCountsMatchLists('fuel=petrol');
    expect((await expectCountsMatchLists('')).total).toBe(LISTINGS.length);
  });

  it('refuses options that do not exist, in words', async () => {
    for (const [query, message] of [
      ['fuel=coal', 'fuel must be one of petrol, diesel, hybrid, electric'],
      ['price=1-2', 'price must be one of'],
      ['year=19', 'year must be four digits'],
      ['sort=cheapest', 'sort must be one of relevance'],
      ['priceDropped=maybe', 'priceDropped must be true or false'],
    ]) {
      const response = await api().inject({ method: 'GET', url: `/search?${query}` });
      expect([query, response.statusCode]).toEqual([query, 400]);
      expect(response.json<{ message: string }>().message).toContain(message);
    }
  });
});
