import { eq, sql } from 'drizzle-orm';
import { GONE_NOTES, SAVED_CAR_CAP, type Favourites } from '@usedcars/shared-contract';
import { favourites } from '../../db/schema';
import { type Account, COLLECTION, TEST_CONFIG, TestApi, createTestDatabase, describeEachDriver } from '../../../test/helpers';

describeEachDriver('saved cars', (api, driver) => {
  let seller: Account;
  let buyer: Account;
  beforeAll(async () => {
    seller = await api().account('Seller', 'Sam Seller');
    buyer = await api().account('Buyer', 'Bea Buyer');
  });

  const save = (who: Account, carId: string) => api().inject({ method: 'PUT', url: `/favourites/${carId}`, headers: who.auth });
  const unsave = (who: Account, carId: string) => api().inject({ method: 'DELETE', url: `/favourites/${carId}`, headers: who.auth });
  const list = async (who: Account) => {
    const response = await api().inject({ method: 'GET', url: '/favourites', headers: who.auth });
    expect(response.statusCode).toBe(200);
    return response.json<Favourites>();
  };

  it('saves a car once however often the heart is tapped, and shows it on every session of the buyer', async () => {
    const carId = await api().addCar(seller, { carName: 'Audi Q3 Sportback' });
    for (let i = 0; i < 3; i++) {
      const response = await save(buyer, carId);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ carId, saved: true });
    }
    // Another device: a new access token of the same account.
    const jwt = await api().inject({
      method: 'GET',
      url: `/jwt?email=${encodeURIComponent(buyer.email)}`,
      headers: { authorization: `Bearer ${buyer.idToken}` },
    });
    const otherDevice = { ...buyer, auth: { authorization: `Bearer ${jwt.json().accessToken}` } };
    const saved = await list(otherDevice);
    expect(saved.cars.filter((car) => car._id === carId)).toEqual([expect.objectContaining({ _id: carId, carName: 'Audi Q3 Sportback', photos: [] })]);
    expect(saved.gone).toEqual([]);
  });

  it('removes a saved car, and removing one not saved is no error', async () => {
    const carId = await api().addCar(seller);
    await save(buyer, carId);
    expect((await unsave(buyer, carId)).json()).toEqual({ carId, saved: false });
    expect((await unsave(buyer, carId)).statusCode).toBe(200);
    expect((await list(buyer)).cars.map((car) => car._id)).not.toContain(carId);
  });

  it('moves a car its seller ended or the moderators hid from cars to gone, with a note', async () => {
    const admin = await api().account('admin');
    const ended = await api().addCar(seller, { carName: 'Honda Jazz', categoryName: 'honda' });
    const hidden = await api().addCar(seller, { carName: 'Mercedes A 180', categoryName: 'mercedes' });
    await save(buyer, ended);
    await save(buyer, hidden);
    expect(
      (await api().inject({ method: 'PATCH', url: `${COLLECTION.honda}/${ended}`, headers: seller.auth, payload: { status: 'soldElsewhere' } })).statusCode,
    ).toBe(200);
    const hide = await api().inject({
      method: 'POST',
      url: `/admin/cars/${hidden}/hide`,
      headers: admin.auth,
      payload: { reason: 'Stock photo of another car' },
    });
    expect(hide.statusCode).toBe(200);
    const saved = await list(buyer);
    expect(saved.cars.map((car) => car._id)).not.toEqual(expect.arrayContaining([ended]));
    expect(saved.cars.map((car) => car._id)).not.toEqual(expect.arrayContaining([hidden]));
    expect(saved.gone).toEqual(
      expect.arrayContaining([
        { carId: ended, carName: 'Honda Jazz', note: GONE_NOTES.soldElsewhere },
        { carId: hidden, carName: 'Mercedes A 180', note: GONE_NOTES.hidden },
      ]),
    );
    const again = await save(buyer, hidden);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({ message: GONE_NOTES.hidden, removed: 'hidden' });
  });

  it('refuses a car that does not exist, and anyone but a buyer', async () => {
    expect((await save(buyer, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const carId = await api().addCar(seller);
    expect((await save(seller, carId)).statusCode).toBe(403);
    expect((await api().inject({ method: 'PUT', url: `/favourites/${carId}` })).statusCode).toBe(401);
    expect(await api().db.select().from(favourites).where(eq(favourites.carId, carId))).toEqual([]);
  });

  it('tells a seller how many buyers saved each of their cars', async () => {
    const own = await api().account('Seller');
    const [popular, quiet] = [await api().addCar(own), await api().addCar(own)];
    const second = await api().account('Buyer');
    await save(buyer, popular);
    await save(second, popular);
    const response = await api().inject({ method: 'GET', url: '/favourites/counts', headers: own.auth });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ carId: popular, savedBy: 2 }]);
    expect(response.json()).not.toContainEqual(expect.objectContaining({ carId: quiet }));
  });

  it(`keeps at most ${SAVED_CAR_CAP} saved cars, and the hourly limit counts only new saves`, async () => {
    const limited = await new TestApi(await createTestDatabase(driver), {
      config: { ...TEST_CONFIG, writeLimits: { ...TEST_CONFIG.writeLimits, favourites: 2 } },
    }).start();
    try {
      const owner = await limited.account('Seller');
      const who = await limited.account('Buyer');
      const ids = [await limited.addCar(owner), await limited.addCar(owner), await limited.addCar(owner)];
      const put = (carId: string) => limited.inject({ method: 'PUT', url: `/favourites/${carId}`, headers: who.auth });
      expect((await put(ids[0]!)).statusCode).toBe(200);
      expect((await put(ids[0]!)).statusCode).toBe(200);
      expect((await put(ids[1]!)).statusCode).toBe(200);
      const third = await put(ids[2]!);
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toMatch(/^You have saved 2 cars in the last hour; you can save another in .+\.$/);

      // The cap: a buyer holding as many saved cars as allowed is refused one more.
      const other = await limited.account('Buyer');
      await limited.db
        .execute(sql`INSERT INTO cars (category, car_name, img, current_price, price, purchase_year, condition, contact, details, location, used, seller_name, seller_id, time)
        SELECT 'audi', 'Audi ' || n, '/images/cars/sedan-blue.svg', 20000, 30000, '2019', 'Good', 'x', 'x', 'x', '1 year', 'x', ${owner.id}::uuid, '2024-01-01'
        FROM generate_series(1, ${SAVED_CAR_CAP}) n`);
      await limited.db.execute(
        sql`INSERT INTO favourites (user_id, car_id) SELECT ${other.id}::uuid, id FROM cars WHERE car_name LIKE 'Audi %' AND car_name <> 'Audi A4 2.0 TFSI Premium'`,
      );
      const full = await limited.inject({ method: 'PUT', url: `/favourites/${ids[0]!}`, headers: other.auth });
      expect(full.statusCode).toBe(409);
      expect(full.json()).toEqual({ message: `You have ${SAVED_CAR_CAP} saved cars, the most you can keep; remove one to save another.` });
      expect(await limited.db.select().from(favourites).where(eq(favourites.carId, ids[0]!))).toHaveLength(1);
    } finally {
      await limited.stop();
    }
  });
});
