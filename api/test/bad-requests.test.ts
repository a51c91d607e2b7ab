import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { CarInput } from '@usedcars/shared-contract';
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

  /** Every row of every table, in a stable order: "nothing written" means nothing changed, not only no rows added. */
  async function tableContents() {
    const tables = { users, cars, bookings, payments };
    const entries = await Promise.all(
      Object.entries(tables).map(async ([name, table]) => [name, await api().db.select().from(table).orderBy(table.id)] as const),
    );
    return Object.fromEntries(entries);
  }

  /** A bad request and the field (or the body) its message must name. */
  type Case = [InjectOptions, string];

  function badRequests(): Case[] {
    const car = sampleCar();
    const thisYear = new Date().getUTCFullYear();
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
    const carWith = (field: keyof CarInput | 'sellerId' | 'status', value: unknown): Case => [asSeller({ ...car, [field]: value }), field];

    return [
      // Add Product: every required field missing, wrong types, bad formats, unknown fields.
      ...(Object.keys(car) as (keyof typeof car)[]).map((field): Case => [asSeller(withoutField(field)), field]),
      carWith('currentPrice', 'cheap'),
      carWith('price', -1),
      carWith('price', 0),
      carWith('price', 1e12),
      // Prices are dollars and whole cents: a fraction of a cent would be stored rounded.
      carWith('price', 0.001),
      carWith('currentPrice', 0.009),
      carWith('currentPrice', 19.999),
      // Above the cap, which keeps every amount inside the payments' integer cents column.
      carWith('price', 50_000_000),
      // The facts buyers filter on: optional, but checked when sent.
      carWith('mileage', -5),
      carWith('mileage', 1.5),
      carWith('mileage', '40000'),
      carWith('fuel', 'coal'),
      carWith('gearbox', 'cvt'),
      carWith('body', 'limousine'),
      carWith('colour', 'plaid'),
      carWith('previousOwners', 51),
      carWith('purchaseYear', 2019),
      carWith('purchaseYear', '19'),
      carWith('purchaseYear', 'MMXIX'),
      carWith('purchaseYear', '1899'),
      carWith('purchaseYear', String(thisYear + 2)),
      carWith('img', 'javascript:alert(1)'),
      carWith('img', '/images/../../etc/passwd'),
      carWith('time', 'not a date'),
      // Date.parse takes these, and PostgreSQL then fails (or stores another day).
      carWith('time', '+010000-01-01'),
      carWith('time', '2024-02-30'),
      carWith('time', '2024-5-1'),
      carWith('time', '2024-05-01T23:30:00-05:00'),
      carWith('time', 'May 1, 2024'),
      carWith('time', '1899-12-31'),
      carWith('time', `${thisYear + 2}-01-01`),
      carWith('categoryName', 'bmw'),
      carWith('categoryName', 'honda'),
      carWith('sellerId', admin.id),
      carWith('status', 'sold'),
      carWith('carName', ''),
      carWith('carName', '    '),
      carWith('carName', 'nul\u0000byte'),
      carWith('details', 'x'.repeat(2001)),
      carWith('carName', { $gt: '' }),
      [asSeller([car]), 'body'],
      [asSeller(null), 'body'],
      [asSeller('just text'), 'body'],
      [{ method: 'POST', url: '/audis', headers: { ...seller.auth, 'content-type': 'application/json' }, payload: '{"carName": "A4",' }, 'body'],
      [{ method: 'POST', url: '/audis', headers: { ...seller.auth, 'content-type': 'text/plain' }, payload: 'carName=A4' }, 'body'],
      [
        {
          method: 'POST',
          url: '/audis',
          headers: { ...seller.auth, 'content-type': 'application/json' },
          payload: JSON.stringify({ ...car, details: 'x'.repeat(40_000) }),
        },
        'body',
      ],
      // Registration.
      [signUp({ name: 'New', email: newEmail, role: 'admin' }), 'role'],
      [signUp({ name: 'New', email: newEmail, role: 'buyer' }), 'role'],
      [signUp({ name: 'New', email: newEmail }), 'role'],
      [signUp({ name: 123, email: newEmail, role: 'Buyer' }), 'name'],
      [signUp({ name: 'New', email: `${newEmail}' OR '1'='1`, role: 'Buyer' }), 'email'],
      [signUp({ name: 'New', email: newEmail, role: 'Buyer', role2: 'admin' }), 'role2'],
      [signUp({ name: 'x'.repeat(101), email: newEmail, role: 'Buyer' }), 'name'],
      [signUp({ name: INJECTION, email: 'victim@example.test', role: 'Buyer' }), 'email'],
      // Bookings.
      [asBuyer('/bookings', { phone: '5551234', address: 'x' }), 'carId'],
      [asBuyer('/bookings', { carId: `${carId}' OR '1'='1`, phone: '5551234', address: 'x' }), 'carId'],
      [asBuyer('/bookings', { carId, phone: 'call me', address: 'x' }), 'phone'],
      [asBuyer('/bookings', { carId, phone: '5551234' }), 'address'],
      [asBuyer('/bookings', { carId, phone: '5551234', address: 'x', paid: true }), 'paid'],
      [asBuyer('/bookings', { carId, phone: '5551234', address: 'x', email: 'not-an-email' }), 'email'],
      [asBuyer('/bookings', { carId, phone: '5551234', address: 'x', currentPrice: 'free' }), 'currentPrice'],
      [asBuyer('/bookings', { carId, phone: '5551234', address: 'x', currentPrice: 0.001 }), 'currentPrice'],
      [asBuyer('/bookings', { carId, phone: 5551234, address: 'x' }), 'phone'],
      // Payments.
      [asBuyer('/create-payment-intent', {}), 'bookingId'],
      [asBuyer('/create-payment-intent', { bookingId: 'abc' }), 'bookingId'],
      [asBuyer('/create-payment-intent', { bookingId, amount: 1 }), 'amount'],
      [asBuyer('/payments', { bookingId, email: buyer.email }), 'transactionId'],
      [asBuyer('/payments', { bookingId, transactionId: 'pi_x', email: 'nope' }), 'email'],
      [asBuyer('/payments', { bookingId: '1 OR 1=1', transactionId: 'pi_x', email: buyer.email }), 'bookingId'],
      [asBuyer('/payments', { bookingId, transactionId: 'pi_x', email: buyer.email, paid: true }), 'paid'],
      [asBuyer('/payments', { bookingId, transactionId: INJECTION, email: buyer.email }), 'transactionId'],
      // Messages.
      [asBuyer('/conversations', { text: 'Still for sale?' }), 'carId'],
      [asBuyer('/conversations', { carId, text: '' }), 'text'],
      [asBuyer('/conversations', { carId, text: 'x'.repeat(2001) }), 'text'],
      [asBuyer('/conversations', { carId, text: 'Hi', sellerId: admin.id }), 'sellerId'],
      [asBuyer('/conversations', { carId: INJECTION, text: 'Hi' }), 'carId'],
      [asBuyer(`/conversations/${carId}/messages`, { text: '   ' }), 'text'],
      [asBuyer(`/conversations/${carId}/report`, { reason: 'rude' }), 'reason'],
      [{ method: 'GET', url: `/conversations/${carId}/messages?cursor=${encodeURIComponent(INJECTION)}`, headers: buyer.auth }, 'cursor'],
      [{ method: 'GET', url: `/conversations/${encodeURIComponent(INJECTION)}`, headers: buyer.auth }, 'id'],
      [{ method: 'GET', url: '/conversations/stream', headers: { ...buyer.auth, 'last-event-id': '1 OR 1=1' } }, 'Last-Event-ID'],
      // Queries and ids.
      [{ method: 'GET', url: `/users?email=${encodeURIComponent("' OR '1'='1")}`, headers: buyer.auth }, 'email'],
      [{ method: 'GET', url: '/bookings?email=nobody', headers: buyer.auth }, 'email'],
      [{ method: 'GET', url: `/bookings/${encodeURIComponent(INJECTION)}`, headers: buyer.auth }, 'id'],
      [{ method: 'GET', url: `/audis/${encodeURIComponent('1; DROP TABLE cars')}` }, 'id'],
      [{ method: 'GET', url: '/audis?limit=abc' }, 'limit'],
      [{ method: 'GET', url: `/audis?minPrice=${encodeURIComponent('1; DROP TABLE cars')}` }, 'minPrice'],
      [{ method: 'GET', url: `/search?fuel=${encodeURIComponent("petrol' OR '1'='1")}` }, 'fuel'],
      [{ method: 'GET', url: `/search/facets?price=${encodeURIComponent('0-5000; DROP TABLE cars')}` }, 'price'],
      [{ method: 'GET', url: `/search?city=${encodeURIComponent('\u0000')}` }, 'city'],
      [{ method: 'GET', url: `/user?role=${encodeURIComponent("admin' --")}`, headers: admin.auth }, 'role'],
      [{ method: 'GET', url: '/jwt?email=bad', headers: { authorization: `Bearer ${api().identity.signIn('bad-jwt-query@example.test')}` } }, 'email'],
      [{ method: 'DELETE', url: '/allUsers/abc', headers: admin.auth }, 'id'],
      [{ method: 'DELETE', url: `/allUsers/${encodeURIComponent("' OR 1=1 --")}`, headers: admin.auth }, 'id'],
    ];
  }

  it('responds to 70+ bad requests with a 4xx whose message names the field, and writes nothing', async () => {
    const before = await tableContents();
    const cases = badRequests();
    expect(cases.length).toBeGreaterThanOrEqual(70);
    for (const [request, field] of cases) {
      const response = await api().inject(request);
      const label = `[${field}] ${request.method} ${request.url} ${String(request.payload).slice(0, 80)} → ${response.statusCode} ${response.body}`;
      const message = response.json().message;
      expect({ label, clientError: response.statusCode >= 400 && response.statusCode < 500 }).toEqual({ label, clientError: true });
      expect({ label, namesField: typeof message === 'string' && new RegExp(`\\b${field}\\b`, field === 'body' ? 'i' : '').test(message) }).toEqual({
        label,
        namesField: true,
      });
      expect(response.body).not.toMatch(/\n\s+at /);
    }
    expect(await tableContents()).toEqual(before);
  });

  it("accepts the edges of the ranges: a cent, a posting today, this year's and next year's model", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const nextYear = String(new Date().getUTCFullYear() + 1);
    const id = await api().addCar(seller, { currentPrice: 0.01, price: 19.99, time: today, purchaseYear: nextYear });
    expect((await api().inject({ method: 'GET', url: `/audis/${id}` })).json()).toMatchObject({
      currentPrice: 0.01,
      price: 19.99,
      time: today,
      purchaseYear: nextYear,
    });
    const old = await api().addCar(seller, { time: '1900-01-01', purchaseYear: '1900', price: 10_000_000 });
    expect((await api().inject({ method: 'GET', url: `/audis/${old}` })).json()).toMatchObject({ time: '1900-01-01', purchaseYear: '1900', price: 10_000_000 });
  });

  it('stores injection attempts as plain text', async () => {
    const id = await api().addCar(seller, { carName: INJECTION, details: "1' OR '1'='1; -- %_ \\" });
    const car = (await api().inject({ method: 'GET', url: `/audis/${id}` })).json();
    expect(car).toMatchObject({ carName: INJECTION, details: "1' OR '1'='1; -- %_ \\" });
    expect((await api().db.select().from(cars).where(eq(cars.carName, INJECTION))).length).toBe(1);
  });
});
