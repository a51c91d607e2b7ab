import { eq } from 'drizzle-orm';
import { bookings, cars, users } from '../../db/schema';
import { describeEachDriver, uniqueEmail } from '../../../test/helpers';

describeEachDriver('users', (api) => {
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

    it('refuses admin, unknown fields, someone else\'s e-mail and callers without an ID token', async () => {
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

  describe('POST /users for an e-mail that already has a record', () => {
    const uidOf = async (email: string) => (await api().db.select({ uid: users.identityUid }).from(users).where(eq(users.email, email)))[0]?.uid;

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
      expect(await uidOf(email)).toBeNull();
      const verified = await register(api().identity.signIn(email, 'Seeded Seller', 'uid-owner', { emailVerified: true }), { name: 'Seeded Seller', email, role: 'Buyer' });
      expect(verified.statusCode).toBe(200);
      expect(await uidOf(email)).toBe('uid-owner');
    });
  });

  describe('GET /users?email=', () => {
    it('answers the caller\'s own record as an array whose first item has the role', async () => {
      const seller = await api().account('Seller', 'Sue Seller');
      const response = await api().inject({ method: 'GET', url: `/users?email=${seller.email.toUpperCase()}`, headers: seller.auth });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([{ _id: seller.id, name: 'Sue Seller', email: seller.email, role: 'Seller' }]);
    });

    it('refuses another person\'s e-mail and a missing token; an admin may read anyone', async () => {
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

    it('removes a seller with their cars', async () => {
      const admin = await api().account('admin');
      const seller = await api().account('Seller');
      const carId = await api().addCar(seller);
      expect((await api().inject({ method: 'DELETE', url: `/allUsers/${seller.id}`, headers: admin.auth })).statusCode).toBe(200);
      expect((await api().inject({ method: 'GET', url: `/audis/${carId}` })).statusCode).toBe(404);
    });

    it('is for admins only, and answers 404, 400 and self-deletion clearly', async () => {
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
