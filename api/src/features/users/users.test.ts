import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { bookings, cars, payments, users } from '../../db/schema';
import { describeEachDriver, uniqueEmail, until } from '../../../test/helpers';

describeEachDriver('users', (api, driver) => {
  const register = (idToken: string | undefined, payload: unknown) =>
    api().inject({ method: 'POST', url: '/users', headers: idToken ? { authorization: `Bearer ${idToken}` } : {}, payload: payload as object });
  const countUsers = async (email: string) => (await api().db.select().from(users).where(eq(users.email, email))).length;

  describe('POST /users', () => {
    it('creates the record of the signed-in person, once', async () => {
      const email = uniqueEmail('reg');
      const idToken = api().identity.signIn(email);
      const first = await register(idToken, { name: 'Reg Ister', email, role: 'Seller' });
      expect(first.statusCode).toBe(201);
      expect(first.json()).toEqual({ acknowledged: true, message: 'User created', insertedId: expect.any(String) });
      const again = await register(idToken, { name: 'Reg Ister', email, role: 'Buyer' });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ acknowledged: true, insertedId: first.json().insertedId });
      const [row] = await api().db.select().from(users).where(eq(users.email, email));
      expect(row).toMatchObject({ role: 'Seller', identityUid: `uid-${email}` });
    });

    it("refuses admin, unknown fields, someone else's e-mail and callers without an ID token", async () => {
      const email = uniqueEmail('eve');
      const idToken = api().identity.signIn(email);
      const admin = await register(idToken, { name: 'Eve', email, role: 'admin' });
      expect(admin.statusCode).toBe(400);
      expect(admin.json().message).toBe('role must be one of Buyer, Seller');
      expect((await register(idToken, { name: 'Eve', email, role: 'Buyer', isAdmin: true })).json().message).toBe('Unknown field: isAdmin');
      const otherEmail = await register(idToken, { name: 'Eve', email: uniqueEmail('victim'), role: 'Buyer' });
      expect(otherEmail.statusCode).toBe(403);
      expect((await register(undefined, { name: 'Eve', email, role: 'Buyer' })).statusCode).toBe(401);
      expect((await register('garbage', { name: 'Eve', email, role: 'Buyer' })).statusCode).toBe(401);
      expect(await countUsers(email)).toBe(0);
    });
  });

  it('refuses a name that breaks a line (CR, LF, a tab, a Unicode line separator), as a car’s texts refuse control characters, and writes nothing', async () => {
    const email = uniqueEmail('crlf');
    const idToken = api().identity.signIn(email);
    for (const name of ['Eve\r\nBcc: all@example.com', 'Eve\nSmith', 'Eve\tSmith', 'Eve\u2028Smith']) {
      const response = await register(idToken, { name, email, role: 'Buyer' });
      expect({ name, status: response.statusCode, message: response.json().message }).toEqual({
        name,
        status: 400,
        message: 'name must be one line, without line breaks, tabs or control characters',
      });
    }
    expect(await countUsers(email)).toBe(0);
    expect((await register(idToken, { name: 'Ève O’Brien-Smith', email, role: 'Buyer' })).statusCode).toBe(201);
  });

  describe('POST /users for an e-mail that already has a record', () => {
    it('refuses a different sign-in account and changes nothing', async () => {
      const seller = await api().account('Seller', 'Sue Seller');
      const intruder = api().identity.signIn(seller.email, 'Mallory', 'uid-of-mallory', { emailVerified: true });
      const response = await register(intruder, { name: 'Mallory', email: seller.email, role: 'Buyer' });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('This e-mail address belongs to another sign-in account');
      const [row] = await api().db.select().from(users).where(eq(users.email, seller.email));
      expect(row).toMatchObject({ name: 'Sue Seller', role: 'Seller', identityUid: seller.uid });
    });

    it('links a record without a sign-in account only when the e-mail is verified', async () => {
      const email = uniqueEmail('seeded');
      await api().db.insert(users).values({ name: 'Seeded Seller', email, role: 'Seller' });
      const unverified = await register(api().identity.signIn(email, 'Squatter', 'uid-squatter'), { name: 'Squatter', email, role: 'Buyer' });
      expect(unverified.statusCode).toBe(403);
      expect(unverified.json().message).toMatch(/verif/i);
      expect(await api().uidOf(email)).toBeNull();
      const verified = await register(api().identity.signIn(email, 'Seeded Seller', 'uid-owner', { emailVerified: true }), {
        name: 'Seeded Seller',
        email,
        role: 'Buyer',
      });
      expect(verified.statusCode).toBe(200);
      expect(await api().uidOf(email)).toBe('uid-owner');
    });
  });

  describe('GET /users?email=', () => {
    it("returns the caller's own record as an array whose first item has the role", async () => {
      const seller = await api().account('Seller', 'Sue Seller');
      const response = await api().inject({ method: 'GET', url: `/users?email=${seller.email.toUpperCase()}`, headers: seller.auth });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([{ _id: seller.id, name: 'Sue Seller', email: seller.email, role: 'Seller' }]);
    });

    it("refuses another person's e-mail and a missing token; an admin may read anyone", async () => {
      const buyer = await api().account('Buyer');
      const other = await api().account('Buyer');
      const url = `/users?email=${encodeURIComponent(other.email)}`;
      expect((await api().inject({ method: 'GET', url, headers: buyer.auth })).statusCode).toBe(403);
      expect((await api().inject({ method: 'GET', url })).statusCode).toBe(401);
      const admin = await api().account('admin');
      expect((await api().inject({ method: 'GET', url, headers: admin.auth })).json()).toHaveLength(1);
    });
  });

  describe('GET /user?role=', () => {
    it('lists accounts of a role for an admin only', async () => {
      const admin = await api().account('admin');
      const seller = await api().account('Seller');
      const sellers = await api().inject({ method: 'GET', url: '/user?role=Seller', headers: admin.auth });
      expect(sellers.statusCode).toBe(200);
      expect(sellers.json()).toEqual(expect.arrayContaining([{ _id: seller.id, name: seller.name, email: seller.email, role: 'Seller' }]));
      expect(sellers.json().every((user: { role: string }) => user.role === 'Seller')).toBe(true);
      expect((await api().inject({ method: 'GET', url: '/user?role=Buyer', headers: seller.auth })).statusCode).toBe(403);
      expect((await api().inject({ method: 'GET', url: '/user?role=Buyer' })).statusCode).toBe(401);
      expect((await api().inject({ method: 'GET', url: '/user?role=King', headers: admin.auth })).json().message).toMatch(/^role must be one of/);
    });
  });

  describe('DELETE /allUsers/{id}', () => {
    it('removes a buyer, their bookings and sign-in account; their booked car is available again', async () => {
      const admin = await api().account('admin');
      const seller = await api().account('Seller');
      const buyer = await api().account('Buyer');
      const carId = await api().addCar(seller);
      expect((await api().book(buyer, carId)).statusCode).toBe(201);
      const response = await api().inject({ method: 'DELETE', url: `/allUsers/${buyer.id}`, headers: admin.auth });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ deletedCount: 1 });
      expect(api().identity.deleted).toContain(buyer.uid);
      expect(await api().db.select().from(bookings).where(eq(bookings.buyerId, buyer.id))).toHaveLength(0);
      const [car] = await api().db.select().from(cars).where(eq(cars.id, carId));
      expect(car?.status).toBe('available');
    });

    const carOf = async (id: string) => (await api().db.select().from(cars).where(eq(cars.id, id)))[0];
    const bookingOf = async (id: string) => (await api().db.select().from(bookings).where(eq(bookings.id, id)))[0];
    const paymentOf = async (bookingId: string) => (await api().db.select().from(payments).where(eq(payments.bookingId, bookingId)))[0];
    const remove = async (id: string) => {
      const admin = await api().account('admin');
      return api().inject({ method: 'DELETE', url: `/allUsers/${id}`, headers: admin.auth });
    };

    it("keeps a deleted buyer's purchases: the car stays sold, the booking and payment stay; unpaid bookings go", async () => {
      const seller = await api().account('Seller');
      const buyer = await api().account('Buyer', 'Gone Buyer');
      const rival = await api().account('Buyer');
      const bought = await api().addCar(seller);
      const shared = await api().addCar(seller);
      const alone = await api().addCar(seller);
      const { bookingId, transactionId } = await api().buy(buyer, bought);
      const sharedBooking = (await api().book(buyer, shared)).json().insertedId;
      expect((await api().book(rival, shared)).statusCode).toBe(201);
      const aloneBooking = (await api().book(buyer, alone)).json().insertedId;
      const paidBefore = await paymentOf(bookingId);

      expect((await remove(buyer.id)).json()).toEqual({ deletedCount: 1 });

      expect(await carOf(bought)).toMatchObject({ status: 'sold' });
      expect(await bookingOf(bookingId)).toMatchObject({ buyerId: null, paid: true, transactionId, name: 'Gone Buyer', email: buyer.email });
      expect(await paymentOf(bookingId)).toEqual(paidBefore);
      expect(await bookingOf(sharedBooking)).toBeUndefined();
      expect(await carOf(shared)).toMatchObject({ status: 'booked' });
      expect(await bookingOf(aloneBooking)).toBeUndefined();
      expect(await carOf(alone)).toMatchObject({ status: 'available' });
      // What clients see: the sold car is not for sale again, and the seller still sees the sale.
      expect((await api().inject({ method: 'GET', url: `/audis/${bought}` })).json().status).toBe('sold');
      expect((await api().book(rival, bought)).statusCode).toBe(409);
      const sales = await api().inject({ method: 'GET', url: '/myBuyers', headers: seller.auth });
      expect(sales.json()).toEqual(expect.arrayContaining([expect.objectContaining({ _id: bookingId, name: 'Gone Buyer', paid: true })]));
      expect(sales.json().map((row: { _id: string }) => row._id)).not.toContain(sharedBooking);
    });

    it("keeps a deleted seller's sold cars with their sales, and removes the cars still for sale", async () => {
      const seller = await api().account('Seller', 'Gone Seller');
      const buyer = await api().account('Buyer');
      const soldCar = await api().addCar(seller);
      const bookedCar = await api().addCar(seller, { categoryName: 'honda' });
      const { bookingId } = await api().buy(buyer, soldCar);
      const pending = (await api().book(buyer, bookedCar)).json().insertedId;
      const paidBefore = await paymentOf(bookingId);

      expect((await remove(seller.id)).statusCode).toBe(200);

      expect(await carOf(soldCar)).toMatchObject({ status: 'sold', sellerId: null, sellerName: 'Gone Seller' });
      expect(await bookingOf(bookingId)).toMatchObject({ paid: true, buyerId: buyer.id });
      expect(await paymentOf(bookingId)).toEqual(paidBefore);
      expect((await api().inject({ method: 'GET', url: `/hondas/${bookedCar}` })).statusCode).toBe(404);
      expect(await bookingOf(pending)).toBeUndefined();
      // The buyer's My Orders keeps the purchase, and only that.
      const orders = await api().inject({ method: 'GET', url: `/bookings?email=${encodeURIComponent(buyer.email)}`, headers: buyer.auth });
      expect(orders.json().map((row: { _id: string }) => row._id)).toEqual([bookingId]);
    });

    // Two connections at once: PGlite has one, so only PostgreSQL can interleave the transactions.
    (driver === 'postgres' ? it : it.skip)('keeps a payment that is being recorded while the buyer is deleted, and neither waits for ever', async () => {
      const seller = await api().account('Seller');
      const buyer = await api().account('Buyer');
      const carId = await api().addCar(seller);
      const bookingId = (await api().book(buyer, carId)).json().insertedId;
      let carLocked!: () => void;
      let writeBooking!: () => void;
      const locked = new Promise<void>((resolve) => (carLocked = resolve));
      const gate = new Promise<void>((resolve) => (writeBooking = resolve));
      // What recording a payment does (see settle in payments): the car is locked, then the booking written.
      const payment = api().db.transaction(async (tx) => {
        await tx.select({ id: cars.id }).from(cars).where(eq(cars.id, carId)).for('update');
        carLocked();
        await gate;
        await tx.update(bookings).set({ paid: true, transactionId: 'pi_while_deleting' }).where(eq(bookings.id, bookingId));
        await tx.update(cars).set({ status: 'sold' }).where(eq(cars.id, carId));
      });
      await locked;
      const deletion = remove(buyer.id);
      // The deletion is under way once it waits for a lock (the car's, which the payment holds).
      const pool = api().database.client as pg.Pool;
      const waiting = "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'";
      await until(
        async () => (await pool.query<{ n: number }>(waiting)).rows[0]?.n ?? 0,
        (waiters) => waiters > 0,
        'the deletion to wait for a lock',
      );
      writeBooking();
      await payment;
      expect((await deletion).statusCode).toBe(200);
      expect(await bookingOf(bookingId)).toMatchObject({ paid: true, buyerId: null, transactionId: 'pi_while_deleting' });
      expect(await carOf(carId)).toMatchObject({ status: 'sold' });
    });

    it('removes nothing when the identity service cannot remove the sign-in account', async () => {
      const seller = await api().account('Seller');
      const buyer = await api().account('Buyer');
      const carId = await api().addCar(seller);
      const bookingId = (await api().book(buyer, carId)).json().insertedId;
      api().identity.deleteFailure = new Error('identity service unreachable');
      try {
        const response = await remove(buyer.id);
        expect(response.statusCode).toBe(502);
        expect(response.json().message).toMatch(/sign-in account/);
        expect(response.json().message).toMatch(/nothing was deleted/i);
      } finally {
        api().identity.deleteFailure = null;
      }
      expect(await countUsers(buyer.email)).toBe(1);
      expect(await bookingOf(bookingId)).toBeDefined();
      expect(await carOf(carId)).toMatchObject({ status: 'booked' });
      expect((await api().inject({ method: 'GET', url: `/users?email=${encodeURIComponent(buyer.email)}`, headers: buyer.auth })).statusCode).toBe(200);
      // Once the service responds again, the same call does the whole deletion.
      expect((await remove(buyer.id)).statusCode).toBe(200);
      expect(api().identity.deleted).toContain(buyer.uid);
      expect(await bookingOf(bookingId)).toBeUndefined();
    });

    it('removes a seller with their cars', async () => {
      const admin = await api().account('admin');
      const seller = await api().account('Seller');
      const carId = await api().addCar(seller);
      expect((await api().inject({ method: 'DELETE', url: `/allUsers/${seller.id}`, headers: admin.auth })).statusCode).toBe(200);
      expect((await api().inject({ method: 'GET', url: `/audis/${carId}` })).statusCode).toBe(404);
    });

    it('is for admins only, and responds with 404, 400 and self-deletion clearly', async () => {
      const admin = await api().account('admin');
      const buyer = await api().account('Buyer');
      expect((await api().inject({ method: 'DELETE', url: `/allUsers/${admin.id}`, headers: buyer.auth })).statusCode).toBe(403);
      expect((await api().inject({ method: 'DELETE', url: `/allUsers/${admin.id}` })).statusCode).toBe(401);
      expect((await api().inject({ method: 'DELETE', url: `/allUsers/${admin.id}`, headers: admin.auth })).statusCode).toBe(400);
      const unknown = await api().inject({ method: 'DELETE', url: '/allUsers/00000000-0000-4000-8000-000000000000', headers: admin.auth });
      expect(unknown.statusCode).toBe(404);
      const malformed = await api().inject({ method: 'DELETE', url: '/allUsers/123', headers: admin.auth });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ message: 'id must be a valid id' });
      expect(await countUsers(buyer.email)).toBe(1);
    });

    it('refuses every non-admin: neither a Buyer nor a Seller lists or deletes accounts', async () => {
      const buyer = await api().account('Buyer');
      const seller = await api().account('Seller');
      const victim = await api().account('Buyer');
      for (const caller of [buyer, seller]) {
        for (const role of ['Buyer', 'Seller']) {
          expect((await api().inject({ method: 'GET', url: `/user?role=${role}`, headers: caller.auth })).statusCode).toBe(403);
        }
        const refused = await api().inject({ method: 'DELETE', url: `/allUsers/${victim.id}`, headers: caller.auth });
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe('Only admin accounts can delete accounts');
      }
      expect(await countUsers(victim.email)).toBe(1);
      expect(api().identity.deleted).not.toContain(victim.uid);
    });
  });
});
