import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { bookings, cars, payments, users } from '../src/db/schema';
import { type Account, describeEachDriver, sampleCar } from './helpers';

const INJECTION = "x'); DROP TABLE cars; --";

describeEachDriver('bad input', (api) => {
  let seller: Account;
  let buyer: Account;
  let admin: Account;
  let carId: string;
  let bookingId: string;

  beforeAll(async () => {
    seller = await api().account('Seller');
    buyer = await api().account('Buyer');
    admin = await api().account('admin');
    carId = await api().addCar(seller);
    bookingId = (await api().book(buyer, carId)).json().insertedId;
  });

  async function rowCounts() {
    const tables = { users, cars, bookings, payments };
    const entries = await Promise.all(
      Object.entries(tables).map(async ([name, table]) => [name, (await api().db.select({ n: count() }).from(table))[0]?.n] as const),
    );
    return Object.fromEntries(entries);
  }

  function badRequests(): InjectOptions[] {
    const car = sampleCar();
    const json = (method: 'POST', url: string, headers: Record<string, string>, payload: unknown): InjectOptions => ({
      method,
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    const asSeller = (payload: unknown) => json('POST', '/audis', seller.auth, payload);
    const asBuyer = (url: string, payload: unknown) => json('POST', url, buyer.auth, payload);
    const newEmail = 'newcomer@example.test';
    const signUp = (payload: unknown) => json('POST', '/users', { authorization: `Bearer ${api().identity.signIn(newEmail)}` }, payload);
    const withoutField = (field: keyof typeof car) => {
      const { [field]: _dropped, ...rest } = car;
      return rest;
    };

    return [
      // Add Product: every required field missing, wrong types, bad formats, unknown fields.
      ...(Object.keys(car) as (keyof typeof car)[]).map((field) => asSeller(withoutField(field))),
      asSeller({ ...car, currentPrice: 'cheap' }),
      asSeller({ ...car, price: -1 }),
      asSeller({ ...car, price: 0 }),
      asSeller({ ...car, price: 1e12 }),
      asSeller({ ...car, purchaseYear: 2019 }),
      asSeller({ ...car, img: 'javascript:alert(1)' }),
      asSeller({ ...car, img: '/images/../../etc/passwd' }),
      asSeller({ ...car, time: 'not a date' }),
      asSeller({ ...car, categoryName: 'bmw' }),
      asSeller({ ...car, categoryName: 'honda' }),
      asSeller({ ...car, sellerId: admin.id }),
      asSeller({ ...car, status: 'sold' }),
      asSeller({ ...car, carName: '' }),
      asSeller({ ...car, carName: '    ' }),
      asSeller({ ...car, carName: 'nul\u0000byte' }),
      asSeller({ ...car, details: 'x'.repeat(2001) }),
      asSeller({ ...car, carName: { $gt: '' } }),
      asSeller([car]),
      asSeller(null),
      asSeller('just text'),
      { method: 'POST', url: '/audis', headers: { ...seller.auth, 'content-type': 'application/json' }, payload: '{"carName": "A4",' },
      { method: 'POST', url: '/audis', headers: { ...seller.auth, 'content-type': 'text/plain' }, payload: 'carName=A4' },
      { method: 'POST', url: '/audis', headers: { ...seller.auth, 'content-type': 'application/json' }, payload: JSON.stringify({ ...car, details: 'x'.repeat(40_000) }) },
      // Registration.
      signUp({ name: 'New', email: newEmail, role: 'admin' }),
      signUp({ name: 'New', email: newEmail, role: 'buyer' }),
      signUp({ name: 'New', email: newEmail }),
      signUp({ name: 123, email: newEmail, role: 'Buyer' }),
      signUp({ name: 'New', email: `${newEmail}' OR '1'='1`, role: 'Buyer' }),
      signUp({ name: 'New', email: newEmail, role: 'Buyer', role2: 'admin' }),
      signUp({ name: 'x'.repeat(101), email: newEmail, role: 'Buyer' }),
      signUp({ name: INJECTION, email: 'victim@example.test', role: 'Buyer' }),
      // Bookings.
      asBuyer('/bookings', { phone: '5551234', address: 'x' }),
      asBuyer('/bookings', { carId: `${carId}' OR '1'='1`, phone: '5551234', address: 'x' }),
      asBuyer('/bookings', { carId, phone: 'call me', address: 'x' }),
      asBuyer('/bookings', { carId, phone: '5551234' }),
      asBuyer('/bookings', { carId, phone: '5551234', address: 'x', paid: true }),
      asBuyer('/bookings', { carId, phone: '5551234', address: 'x', email: 'not-an-email' }),
      asBuyer('/bookings', { carId, phone: '5551234', address: 'x', currentPrice: 'free' }),
      asBuyer('/bookings', { carId, phone: 5551234, address: 'x' }),
      // Payments.
      asBuyer('/create-payment-intent', {}),
      asBuyer('/create-payment-intent', { bookingId: 'abc' }),
      asBuyer('/create-payment-intent', { bookingId, amount: 1 }),
      asBuyer('/payments', { bookingId, email: buyer.email }),
      asBuyer('/payments', { bookingId, transactionId: 'pi_x', email: 'nope' }),
      asBuyer('/payments', { bookingId: '1 OR 1=1', transactionId: 'pi_x', email: buyer.email }),
      asBuyer('/payments', { bookingId, transactionId: 'pi_x', email: buyer.email, paid: true }),
      asBuyer('/payments', { bookingId, transactionId: INJECTION, email: buyer.email }),
      // Queries and ids.
      { method: 'GET', url: `/users?email=${encodeURIComponent("' OR '1'='1")}`, headers: buyer.auth },
      { method: 'GET', url: '/bookings?email=nobody', headers: buyer.auth },
      { method: 'GET', url: `/bookings/${encodeURIComponent(INJECTION)}`, headers: buyer.auth },
      { method: 'GET', url: `/audis/${encodeURIComponent('1; DROP TABLE cars')}` },
      { method: 'GET', url: '/audis?limit=abc' },
      { method: 'GET', url: `/audis?minPrice=${encodeURIComponent('1; DROP TABLE cars')}` },
      { method: 'GET', url: `/user?role=${encodeURIComponent("admin' --")}`, headers: admin.auth },
      { method: 'GET', url: '/jwt?email=bad' },
      { method: 'DELETE', url: '/allUsers/abc', headers: admin.auth },
      { method: 'DELETE', url: `/allUsers/${encodeURIComponent("' OR 1=1 --")}`, headers: admin.auth },
    ];
  }

  it('answers 50+ bad requests with a 4xx and a message, and writes nothing', async () => {
    const before = await rowCounts();
    const requests = badRequests();
    expect(requests.length).toBeGreaterThanOrEqual(50);
    for (const request of requests) {
      const response = await api().inject(request);
      const label = `${request.method} ${request.url} ${String(request.payload).slice(0, 80)} → ${response.statusCode} ${response.body}`;
      expect({ label, ok: response.statusCode >= 400 && response.statusCode < 500 }).toEqual({ label, ok: true });
      expect(typeof response.json().message).toBe('string');
      expect(response.body).not.toMatch(/\n\s+at /);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('stores injection attempts as plain text', async () => {
    const id = await api().addCar(seller, { carName: INJECTION, details: "1' OR '1'='1; -- %_ \\" });
    const car = (await api().inject({ method: 'GET', url: `/audis/${id}` })).json();
    expect(car).toMatchObject({ carName: INJECTION, details: "1' OR '1'='1; -- %_ \\" });
    expect((await api().db.select().from(cars).where(eq(cars.carName, INJECTION))).length).toBe(1);
  });
});
