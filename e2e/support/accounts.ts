import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { SITE } from './site';

/** An account a spec made for itself: its e-mail, password and the API's Authorization header. */
export interface SpecAccount {
  id: string;
  email: string;
  password: string;
  name: string;
  auth: { Authorization: string };
}

/** An account the way the site makes one: the identity emulator, then POST /users, then the API's token. */
export async function newAccount(
  request: APIRequestContext,
  role: 'Buyer' | 'Seller',
  name = `${role} ${randomBytes(2).toString('hex')}`,
): Promise<SpecAccount> {
  const email = `${role.toLowerCase()}-${randomBytes(4).toString('hex')}@e2e.test`;
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const signUp = await request.post(`${SITE.auth}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`, {
    data: { email, password, displayName: name, returnSecureToken: true },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const identity = { Authorization: `Bearer ${((await signUp.json()) as { idToken: string }).idToken}` };
  const created = await request.post(`${SITE.api}/users`, { headers: identity, data: { name, email, role } });
  expect(created.status(), await created.text()).toBe(201);
  const jwt = await request.get(`${SITE.api}/jwt?email=${encodeURIComponent(email)}`, { headers: identity });
  expect(jwt.ok(), await jwt.text()).toBe(true);
  const auth = { Authorization: `Bearer ${((await jwt.json()) as { accessToken: string }).accessToken}` };
  const [user] = (await (await request.get(`${SITE.api}/users?email=${encodeURIComponent(email)}`, { headers: auth })).json()) as { _id: string }[];
  return { id: user!._id, email, password, name, auth };
}

/** A car the seller lists through the API, with only its link picture (no photos); returns its id. */
export async function listCar(
  request: APIRequestContext,
  seller: SpecAccount,
  car: { carName: string; category?: 'audi' | 'honda' | 'mercedes'; listing?: Record<string, unknown> },
): Promise<string> {
  const category = car.category ?? 'audi';
  const collection = { audi: '/audis', honda: '/hondas', mercedes: '/mercedess' }[category];
  const response = await request.post(`${SITE.api}${collection}`, {
    headers: seller.auth,
    data: {
      carName: car.carName,
      img: '/images/cars/sedan-blue.svg',
      currentPrice: 21500,
      price: 39900,
      purchaseYear: '2019',
      condition: 'Excellent',
      contact: '+1 415 555 0101',
      details: 'One owner, full service history.',
      location: 'San Francisco, CA',
      used: '4 years',
      sellerName: seller.name,
      time: '2024-05-01',
      categoryName: category,
      // The price, year, place and facts a spec needs its car to have.
      ...car.listing,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

/**
 * The cast of most specs: a seller with one car listed, and a buyer. The car's name ends in a
 * random tag (returned for the spec's own texts), so no other run's rows match it.
 */
export async function sellerBuyerAndCar(
  request: APIRequestContext,
  carNameStart: string,
  category?: 'audi' | 'honda' | 'mercedes',
): Promise<{ seller: SpecAccount; buyer: SpecAccount; tag: string; carName: string; carId: string }> {
  const seller = await newAccount(request, 'Seller');
  const buyer = await newAccount(request, 'Buyer');
  const tag = randomBytes(3).toString('hex');
  const carName = `${carNameStart} ${tag}`;
  const carId = await listCar(request, seller, { carName, category });
  return { seller, buyer, tag, carName, carId };
}
