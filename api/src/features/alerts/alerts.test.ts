import { eq } from 'drizzle-orm';
import { type NotificationPage, SAVED_SEARCH_CAP, type SavedSearch, type SearchFilters } from '@usedcars/shared-contract';
import { mailOutbox, notifications, savedSearches } from '../../db/schema';
import { type Account, COLLECTION, describeEachDriver } from '../../../test/helpers';

describeEachDriver('saved searches and their alerts', (api) => {
  let seller: Account;
  beforeAll(async () => {
    seller = await api().account('Seller', 'Sid Seller');
  });

  const saveSearch = (who: Account, name: string, filters: Partial<SearchFilters>) =>
    api().inject({ method: 'POST', url: '/saved-searches', headers: who.auth, payload: { name, filters: { category: 'honda', ...filters } } });
  const inbox = async (who: Account, query = '') => {
    const response = await api().inject({ method: 'GET', url: `/notifications${query}`, headers: who.auth });
    expect(response.statusCode).toBe(200);
    return response.json<NotificationPage>();
  };
  const mailsTo = (who: Account) => api().db.select().from(mailOutbox).where(eq(mailOutbox.to, who.email));

  it('keeps a search under its name with the brand list filters, lists and deletes it', async () => {
    const buyer = await api().account('Buyer');
    const filters = { category: 'honda', q: 'civic', minPrice: 10_000, maxPrice: 25_000, year: '2019', location: 'Austin', sort: '-price' } as const;
    const created = await saveSearch(buyer, 'Cheap Civics', filters as unknown as Partial<SearchFilters>);
    expect(created.statusCode).toBe(201);
    // A single year, as older clients send it, comes back as the year facet's one pick.
    expect(created.json()).toEqual({ _id: expect.any(String), name: 'Cheap Civics', filters: { ...filters, year: ['2019'] }, createdAt: expect.any(String) });
    const listed = await api().inject({ method: 'GET', url: '/saved-searches', headers: buyer.auth });
    expect(listed.json<SavedSearch[]>()).toEqual([created.json()]);
    const id = created.json<SavedSearch>()._id;
    expect((await api().inject({ method: 'DELETE', url: `/saved-searches/${id}`, headers: buyer.auth })).json()).toEqual({ message: 'Saved search deleted' });
    expect((await api().inject({ method: 'DELETE', url: `/saved-searches/${id}`, headers: buyer.auth })).statusCode).toBe(404);
    expect((await api().inject({ method: 'GET', url: '/saved-searches', headers: buyer.auth })).json()).toEqual([]);
  });

  it("refuses bad filters with the field's message, another buyer's search, and more than the cap", async () => {
    const buyer = await api().account('Buyer');
    for (const [filters, message] of [
      [{ minPrice: 30_000, maxPrice: 10_000 }, 'minPrice must not be more than maxPrice'],
      [{ category: 'ford' }, 'category must be one of audi, honda, mercedes'],
      [{ year: '19' }, 'year must be four digits'],
      [{ colour: 'red' }, 'Unknown field: colour'],
    ] as const) {
      const response = await saveSearch(buyer, 'x', filters as Partial<SearchFilters>);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const other = await api().account('Buyer');
    const theirs = (await saveSearch(other, 'Theirs', {})).json<SavedSearch>()._id;
    expect((await api().inject({ method: 'DELETE', url: `/saved-searches/${theirs}`, headers: buyer.auth })).statusCode).toBe(404);
    expect(await api().db.select().from(savedSearches).where(eq(savedSearches.id, theirs))).toHaveLength(1);

    await api()
      .db.insert(savedSearches)
      .values(Array.from({ length: SAVED_SEARCH_CAP }, (_, i) => ({ userId: buyer.id, name: `Search ${i}`, category: 'audi' })));
    const full = await saveSearch(buyer, 'One more', {});
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(`You have ${SAVED_SEARCH_CAP} saved searches, the most you can keep; delete one to save another.`);
  });

  it('tells the buyer once per car and search when a new car matches, in the site and by a queued mail', async () => {
    const buyer = await api().account('Buyer');
    await saveSearch(buyer, 'Civic under 20k', { q: 'civic', maxPrice: 20_000 });
    await saveSearch(buyer, 'Any Honda in Austin', { location: 'austin' });
    const match = await api().addCar(seller, { categoryName: 'honda', carName: 'Honda Civic LX', currentPrice: 18_500, location: 'Austin, TX' });
    await api().addCar(seller, { categoryName: 'honda', carName: 'Honda Civic Type R', currentPrice: 38_000, location: 'Denver, CO' });
    await api().addCar(seller, { categoryName: 'audi', carName: 'Audi Civic', currentPrice: 10_000, location: 'Austin, TX' });

    const page = await inbox(buyer);
    expect(page.unread).toBe(2);
    expect(
      page.items.map(({ text, carId, categoryName, kind, read }) => ({ text, carId, categoryName, kind, read })).sort((a, b) => a.text.localeCompare(b.text)),
    ).toEqual([
      { text: 'New match for "Any Honda in Austin": Honda Civic LX at $18,500', carId: match, categoryName: 'honda', kind: 'newMatch', read: false },
      { text: 'New match for "Civic under 20k": Honda Civic LX at $18,500', carId: match, categoryName: 'honda', kind: 'newMatch', read: false },
    ]);
    const mails = await mailsTo(buyer);
    expect(mails).toHaveLength(2);
    expect(mails[0]).toMatchObject({
      subject: 'A new car matches your saved search',
      link: `/hondas/${match}`,
      sentAt: null,
      messageId: expect.stringMatching(/^<alert-.+@usedcars\.local>$/),
    });
  });

  it('takes search text literally and never alerts a seller about their own car', async () => {
    const buyer = await api().account('Buyer');
    await saveSearch(buyer, 'Percent', { q: '100%' });
    await api().addCar(seller, { categoryName: 'honda', carName: 'Honda Fit 1000 miles' });
    expect((await inbox(buyer)).total).toBe(0);
    await api().addCar(seller, { categoryName: 'honda', carName: 'Honda Fit, 100% original' });
    expect((await inbox(buyer)).total).toBe(1);

    const both = await api().account('Seller');
    expect(
      (await api().inject({ method: 'POST', url: '/saved-searches', headers: both.auth, payload: { name: 'x', filters: { category: 'honda' } } })).statusCode,
    ).toBe(403);
  });

  it('alerts a search with facets about a new car that matches every facet, and no other', async () => {
    const buyer = await api().account('Buyer');
    const saved = await saveSearch(buyer, 'Diesel Hondas, little driven', {
      fuel: ['diesel', 'hybrid'],
      mileage: ['0-10000', '10000-30000'],
      gearbox: ['automatic'],
    });
    expect(saved.json<SavedSearch>().filters).toEqual({
      category: 'honda',
      fuel: ['diesel', 'hybrid'],
      mileage: ['0-10000', '10000-30000'],
      gearbox: ['automatic'],
    });
    const facts = { categoryName: 'honda', fuel: 'diesel', gearbox: 'automatic', mileage: 20_000 } as const;
    await api().addCar(seller, { ...facts, carName: 'Honda CR-V petrol', fuel: 'petrol' });
    await api().addCar(seller, { ...facts, carName: 'Honda CR-V far driven', mileage: 45_000 });
    await api().addCar(seller, { ...facts, carName: 'Honda CR-V manual', gearbox: 'manual' });
    await api().addCar(seller, { ...facts, categoryName: 'audi', carName: 'Audi Q5 diesel' });
    // A listing without the facts states no fuel: it matches no fuel's pick.
    await api().addCar(seller, { categoryName: 'honda', carName: 'Honda CR-V not stated' });
    expect((await inbox(buyer)).total).toBe(0);
    await api().addCar(seller, { ...facts, carName: 'Honda CR-V hybrid', fuel: 'hybrid', mileage: 5_000 });
    expect((await inbox(buyer)).items.map((item) => item.text)).toEqual(['New match for "Diesel Hondas, little driven": Honda CR-V hybrid at $21,500']);
  });

  it('alerts a search across brands as the search reads its words, a typo included', async () => {
    const buyer = await api().account('Buyer');
    // The typo is read against the listings' words when the search is saved.
    await api().addCar(seller, { categoryName: 'audi', carName: 'Audi Pilot edition' });
    const saved = await api().inject({
      method: 'POST',
      url: '/saved-searches',
      headers: buyer.auth,
      payload: { name: 'Any Pilot', filters: { q: 'pilto', brand: ['honda', 'mercedes'] } },
    });
    expect(saved.statusCode).toBe(201);
    await api().addCar(seller, { categoryName: 'audi', carName: 'Audi Pilot edition two' });
    await api().addCar(seller, { categoryName: 'mercedes', carName: 'Mercedes-Benz GLS' });
    await api().addCar(seller, { categoryName: 'honda', carName: 'Honda Pilot EX-L' });
    expect((await inbox(buyer)).items.map((item) => item.text)).toEqual(['New match for "Any Pilot": Honda Pilot EX-L at $21,500']);
  });

  it('tells savers and matching searches of a price drop once per price, and nobody of a rise', async () => {
    const saver = await api().account('Buyer');
    const searcher = await api().account('Buyer');
    const carId = await api().addCar(seller, { categoryName: 'honda', carName: 'Honda Accord Sport', currentPrice: 26_000 });
    await api().inject({ method: 'PUT', url: `/favourites/${carId}`, headers: saver.auth });
    await saveSearch(searcher, 'Accord under 25k', { q: 'accord', maxPrice: 25_000 });
    await saveSearch(saver, 'Any Accord', { q: 'accord' });
    const patch = (currentPrice: number) =>
      api().inject({ method: 'PATCH', url: `${COLLECTION.honda}/${carId}`, headers: seller.auth, payload: { currentPrice } });

    expect((await patch(24_800)).statusCode).toBe(200);
    const drop = 'Price dropped $1,200: Honda Accord Sport is now $24,800';
    expect((await inbox(saver)).items.map((item) => item.text)).toEqual([drop]);
    expect((await inbox(searcher)).items.map((item) => item.text)).toEqual([drop]);
    await patch(27_000);
    expect((await inbox(saver)).total).toBe(1);
    await patch(24_800);
    expect((await inbox(saver)).total).toBe(1);
    await patch(24_000);
    expect((await inbox(saver)).items.map((item) => item.text)).toEqual(['Price dropped $800: Honda Accord Sport is now $24,000', drop]);
  });

  it('pages notifications newest first with the unread count, and marks them read', async () => {
    const buyer = await api().account('Buyer');
    await saveSearch(buyer, 'Hondas', {});
    for (const name of ['Honda One', 'Honda Two', 'Honda Three']) await api().addCar(seller, { categoryName: 'honda', carName: name });
    const first = await inbox(buyer, '?limit=2');
    expect(first).toMatchObject({ total: 3, unread: 3 });
    expect(first.items.map((item) => item.text)).toEqual(['New match for "Hondas": Honda Three at $21,500', 'New match for "Hondas": Honda Two at $21,500']);
    expect((await inbox(buyer, '?limit=2&offset=2')).items.map((item) => item.text)).toEqual(['New match for "Hondas": Honda One at $21,500']);

    const read = await api().inject({ method: 'POST', url: '/notifications/read', headers: buyer.auth, payload: { ids: [first.items[0]!._id] } });
    expect(read.json()).toEqual({ unread: 2 });
    expect((await inbox(buyer)).items.map((item) => item.read)).toEqual([true, false, false]);
    // Another person's ids change nothing of theirs.
    const other = await api().account('Buyer');
    expect((await api().inject({ method: 'POST', url: '/notifications/read', headers: other.auth, payload: { ids: [first.items[1]!._id] } })).json()).toEqual({
      unread: 0,
    });
    expect((await inbox(buyer)).unread).toBe(2);
    expect((await api().inject({ method: 'POST', url: '/notifications/read', headers: buyer.auth, payload: {} })).json()).toEqual({ unread: 0 });
    expect((await api().inject({ method: 'GET', url: '/notifications?limit=0', headers: buyer.auth })).statusCode).toBe(400);
    expect(await api().db.select().from(notifications).where(eq(notifications.userId, other.id))).toEqual([]);
  });
});
