import { expect, type APIRequestContext } from '@playwright/test';
import { SITE } from './site';

/** An account of the spec's own, signed in to the API. */
export interface ApiAccount {
  email: string;
  auth: { Authorization: string };
}

let made = 0;

/** An account the way the site makes one: the identity emulator, then POST /users, then the API's token. */
export async function registerThroughApi(api: APIRequestContext, role: 'Buyer' | 'Seller', name = `${role} ${Date.now()}`): Promise<ApiAccount> {
  made += 1;
  const email = `${role.toLowerCase()}-${Date.now()}-${made}@e2e.test`;
  const signUp = await api.post(`${SITE.auth}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`, {
    data: { email, password: 'e2e-password-1', displayName: name, returnSecureToken: true },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const identity = { Authorization: `Bearer ${((await signUp.json()) as { idToken: string }).idToken}` };
  const created = await api.post(`${SITE.api}/users`, { headers: identity, data: { name, email, role } });
  expect(created.status(), await created.text()).toBe(201);
  const jwt = await api.get(`${SITE.api}/jwt?email=${encodeURIComponent(email)}`, { headers: identity });
  expect(jwt.ok(), await jwt.text()).toBe(true);
  return { email, auth: { Authorization: `Bearer ${((await jwt.json()) as { accessToken: string }).accessToken}` } };
}

/** Lists a car of the seller's own in the Audi collection; responds with its id. */
export async function listAudi(api: APIRequestContext, seller: ApiAccount, carName: string): Promise<string> {
  const [{ img }] = (await (await api.get(`${SITE.api}/audis?limit=1`)).json()) as [{ img: string }];
  const response = await api.post(`${SITE.api}/audis`, {
    headers: seller.auth,
    data: {
      carName,
      img,
      currentPrice: 21500,
      price: 39900,
      purchaseYear: '2019',
      condition: 'Excellent',
      contact: '+1 415 555 0101',
      details: 'One owner, full service history.',
      location: 'San Francisco, CA',
      used: '4 years',
      sellerName: 'A seller of this spec',
      time: '2024-05-01',
      categoryName: 'audi',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { insertedId: string }).insertedId;
}
