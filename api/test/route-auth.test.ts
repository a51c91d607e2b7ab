import { SignJWT } from 'jose';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { ROLES, type Role } from '@usedcars/shared-contract';
import sharp from 'sharp';
import { bookings, carPhotos, cars, payments, users } from '../src/db/schema';
import { ROLES_EXTENSION } from '../src/features/auth/route-auth';
import { ReleaseRegistry } from '../src/features/releases/service';
import { type Account, COLLECTION, TEST_CONFIG, describeEachDriverWith, multipartBody, sampleCar, uniqueEmail } from './helpers';
import { SHELL_MANIFEST, remoteManifest, staticServer } from './release-site';

interface Operation {
  security?: Record<string, string[]>[];
  [ROLES_EXTENSION]?: Role[];
  parameters?: { name: string }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
}
type OpenApi = { paths: Record<string, Record<string, Operation>> };

/** What is sent besides the caller's token: the address (with its query) and a body. */
interface Input {
  url: string;
  body?: unknown;
  /** The response is a stream that never ends: read up to its head. */
  stream?: true;
  /** Sent as it is, not as JSON: for malformed bodies. */
  raw?: string;
  /** A multipart/form-data body (a photo upload). */
  form?: { payload: Buffer; headers: Record<string, string> };
}

/** How one private route is called: by whom it accepts, with what it accepts, and inputs it does not. */
interface Example {
  caller: () => string;
  valid: Input;
  invalid: Input[];
  /** What the accepted caller gets with the valid input. */
  accepted: number;
}

/** The only words a refused caller may read: none of them says anything about a route's input. */
const REFUSALS = [
  'Sign in first: a valid bearer token is required',
  'The access token is not valid or has expired; sign in again',
  'Send the Firebase ID token as "Authorization: Bearer <token>"',
  'The sign-in token is not valid or has expired',
  'Send the session cookie as "Authorization: Session <cookie>"',
  'The session is not valid, has expired or was ended',
];
const ROLE_REFUSAL = /^Only (Buyer|Seller|admin)( or (Buyer|Seller|admin))* accounts can [a-z ]+$/;

const MALFORMED: Pick<Input, 'raw'> = { raw: '{"carId":' };

/** The live site whose shell the API's preflight reads, which also hosts a dashboard build (listed in RELEASE_ORIGINS). */
let site: Awaited<ReturnType<typeof staticServer>>;
beforeAll(async () => {
  site = await staticServer({
    '/mf-manifest.json': { json: SHELL_MANIFEST },
    '/dashboard/mf-manifest.json': { json: remoteManifest('dashboard', { buildInfo: { buildVersion: 'ra-3' } }) },
  });
});
afterAll(() => site.close());
const withSite = () => ({ ...TEST_CONFIG, releases: { ...TEST_CONFIG.releases, siteUrl: site.origin, origins: [site.origin] } });

describeEachDriverWith(withSite)('who may call a route (every private route of the OpenAPI document)', (api) => {
  let document: OpenApi;
  const accounts = {} as Record<Role, Account>;
  let victim: Account;
  let carToBook: string;
  let bookingToStart: string;
  let toRecord: { bookingId: string; transactionId: string };
  const newcomer = { email: uniqueEmail('newcomer'), idToken: '' };
  let photoForm: Input['form'];
  /** Cars and accounts the market routes act on: a car to save, edit, report and hide, a seller to suspend, a saved search. */
  const market = { carToSave: '', carToEdit: {} as Record<string, string>, carToHide: '', suspendee: '', savedSearch: '' };
  /** Per collection: a car to add a photo to, and one photo each of two others, to reorder and to delete. */
  const photoCars: Record<string, { toAdd: string; toReorder: string; reorderPhoto: string; toDelete: string; deletePhoto: string }> = {};
  /** The release routes act on: a canary of the catalog to promote, one of the checkout to re-share, a dashboard release to roll back, a token to revoke. */
  let tokenToRevoke = '';
  let linkToWithdraw = '';
  /** Conversations the message routes act on: one of the Buyer's with the Seller, one the Seller blocks in, and a car to ask about. */
  const talk = { carToAsk: '', conversation: '', toBlock: '' };
  /** The session cookie Log Out ends: a sign-in of its own, so no other example loses its session. */
  let sessionToEnd = '';

  beforeAll(async () => {
    document = (await api().inject({ method: 'GET', url: '/docs/json' })).json<OpenApi>();
    for (const role of ROLES) accounts[role] = await api().account(role);
    victim = await api().account('Buyer', 'Victim');
    const carIds = [await api().addCar(accounts.Seller), await api().addCar(accounts.Seller), await api().addCar(accounts.Seller)];
    carToBook = carIds[0]!;
    bookingToStart = (await api().book(accounts.Buyer, carIds[1]!)).json<{ insertedId: string }>().insertedId;
    toRecord = await api().bookAndConfirm(accounts.Buyer, carIds[2]!);
    newcomer.idToken = api().identity.signIn(newcomer.email, 'New Comer', `uid-${newcomer.email}`);
    const leaving = await api().account('Buyer', 'Leaving');
    sessionToEnd = await api().identity.createSessionCookie(leaving.idToken, 3_600_000);
    market.carToSave = await api().addCar(accounts.Seller);
    market.carToHide = await api().addCar(accounts.Seller);
    for (const [category, collection] of Object.entries(COLLECTION) as [keyof typeof COLLECTION, string][]) {
      market.carToEdit[collection] = await api().addCar(accounts.Seller, { categoryName: category });
    }
    market.suspendee = (await api().account('Seller', 'Suspendee')).id;
    talk.carToAsk = await api().addCar(accounts.Seller);
    const ask = async (buyer: Account, text: string) =>
      (await api().inject({ method: 'POST', url: '/conversations', headers: buyer.auth, payload: { carId: market.carToSave, text } })).json<{ _id: string }>()
        ._id;
    talk.conversation = await ask(accounts.Buyer, 'Is it still for sale?');
    talk.toBlock = await ask(await api().account('Buyer', 'Pest'), 'Call me now');
    const saved = await api().inject({
      method: 'POST',
      url: '/saved-searches',
      headers: accounts.Buyer.auth,
      payload: { name: 'Audis', filters: { category: 'audi' } },
    });
    market.savedSearch = saved.json<{ _id: string }>()._id;
    photoForm = await multipartBody([
      {
        name: 'car.png',
        bytes: await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
          .png()
          .toBuffer(),
      },
    ]);
    // Straight into the registry: what POST /releases accepts is the releases feature's tests' business.
    const register = async (remote: string, version: string, canary?: number) =>
      (
        await new ReleaseRegistry(api().db).register(
          { remote, version, manifestUrl: `${site.origin}/${remote}/${version}/mf-manifest.json`, canary },
          'setup',
          'passed',
        )
      ).again;
    for (const [remote, version, canary] of [
      ['catalog', 'ra-1'],
      ['catalog', 'ra-2', 20],
      ['dashboard', 'ra-1'],
      ['dashboard', 'ra-2'],
      ['checkout', 'ra-1'],
      ['checkout', 'ra-2', 20],
    ] as const) {
      expect(await register(remote, version, canary)).toBe(false);
    }
    tokenToRevoke = (
      await api().inject({ method: 'POST', url: '/deploy-tokens', headers: accounts.admin.auth, payload: { name: 'old', remote: 'catalog' } })
    ).json<{ id: string }>().id;
    linkToWithdraw = (
      await api().inject({ method: 'POST', url: '/releases/catalog/previews', headers: accounts.admin.auth, payload: { version: 'ra-1' } })
    ).json<{ id: string }>().id;
    for (const [category, collection] of Object.entries(COLLECTION) as [keyof typeof COLLECTION, string][]) {
      const addCar = () => api().addCar(accounts.Seller, { categoryName: category });
      const withPhoto = async () => {
        const carId = await addCar();
        const added = await api().inject({
          method: 'POST',
          url: `${collection}/${carId}/photos`,
          headers: { ...accounts.Seller.auth, ...photoForm!.headers },
          payload: photoForm!.payload,
        });
        return { carId, photoId: added.json<{ photos: { id: string }[] }>().photos[0]!.id };
      };
      const [reorder, remove] = [await withPhoto(), await withPhoto()];
      photoCars[collection] = {
        toAdd: await addCar(),
        toReorder: reorder.carId,
        reorderPhoto: reorder.photoId,
        toDelete: remove.carId,
        deletePhoto: remove.photoId,
      };
    }
  });

  const bearer = (token: string) => `Bearer ${token}`;
  const access = (role: Role) => () => accounts[role].auth.authorization;
  const car = (collection: string) =>
    sampleCar({ categoryName: (Object.keys(COLLECTION) as (keyof typeof COLLECTION)[]).find((c) => COLLECTION[c] === collection) });

  /** Keyed like the document: method and OpenAPI path. A private route without one fails the test. */
  const examples = (): Record<string, Example> => ({
    'get /jwt': {
      caller: () => bearer(accounts.Buyer.idToken),
      valid: { url: `/jwt?email=${encodeURIComponent(accounts.Buyer.email)}` },
      invalid: [{ url: '/jwt?email=not-an-address' }],
      accepted: 200,
    },
    'post /auth/session': {
      caller: () => bearer(accounts.Buyer.idToken),
      valid: { url: '/auth/session', body: {} },
      invalid: [
        { url: '/auth/session', body: { current: 5 } },
        { url: '/auth/session', ...MALFORMED },
      ],
      accepted: 200,
    },
    'get /auth/session': { caller: access('Buyer'), valid: { url: '/auth/session' }, invalid: [], accepted: 200 },
    'delete /auth/session': { caller: () => `Session ${sessionToEnd}`, valid: { url: '/auth/session' }, invalid: [], accepted: 204 },
    'post /users': {
      caller: () => bearer(newcomer.idToken),
      valid: { url: '/users', body: { name: 'New Comer', email: newcomer.email, role: 'Buyer' } },
      invalid: [
        { url: '/users', body: { name: 'New Comer', email: newcomer.email, role: 'admin' } },
        { url: '/users', ...MALFORMED },
      ],
      accepted: 201,
    },
    'get /users': {
      caller: access('Buyer'),
      valid: { url: `/users?email=${encodeURIComponent(accounts.Buyer.email)}` },
      invalid: [{ url: '/users?email=nobody' }],
      accepted: 200,
    },
    'get /user': {
      caller: access('admin'),
      valid: { url: '/user?role=Buyer' },
      invalid: [{ url: '/user?role=boss' }],
      accepted: 200,
    },
    'delete /allUsers/{id}': {
      caller: access('admin'),
      valid: { url: `/allUsers/${victim.id}` },
      invalid: [{ url: '/allUsers/not-an-id' }],
      accepted: 200,
    },
    ...Object.fromEntries(
      Object.values(COLLECTION).map((collection): [string, Example] => [
        `post ${collection}`,
        {
          caller: access('Seller'),
          valid: { url: collection, body: car(collection) },
          invalid: [
            { url: collection, body: { ...car(collection), currentPrice: 'cheap', status: 'sold' } },
            { url: collection, ...MALFORMED },
          ],
          accepted: 201,
        },
      ]),
    ),
    ...Object.fromEntries(
      Object.values(COLLECTION).flatMap((collection): [string, Example][] => {
        const cars = photoCars[collection]!;
        return [
          [
            `post ${collection}/{id}/photos`,
            {
              caller: access('Seller'),
              valid: { url: `${collection}/${cars.toAdd}/photos`, form: photoForm },
              invalid: [{ url: `${collection}/not-an-id/photos`, form: photoForm }],
              accepted: 201,
            },
          ],
          [
            `put ${collection}/{id}/photos`,
            {
              caller: access('Seller'),
              valid: { url: `${collection}/${cars.toReorder}/photos`, body: { photoIds: [cars.reorderPhoto] } },
              invalid: [
                { url: `${collection}/${cars.toReorder}/photos`, body: { photoIds: 'first', cover: 1 } },
                { url: `${collection}/${cars.toReorder}/photos`, ...MALFORMED },
              ],
              accepted: 200,
            },
          ],
          [
            `delete ${collection}/{id}/photos/{photoId}`,
            {
              caller: access('Seller'),
              valid: { url: `${collection}/${cars.toDelete}/photos/${cars.deletePhoto}` },
              invalid: [{ url: `${collection}/${cars.toDelete}/photos/not-an-id` }],
              accepted: 200,
            },
          ],
        ];
      }),
    ),
    ...Object.fromEntries(
      Object.values(COLLECTION).map((collection): [string, Example] => [
        `patch ${collection}/{id}`,
        {
          caller: access('Seller'),
          valid: { url: `${collection}/${market.carToEdit[collection]}`, body: { currentPrice: 19_999 } },
          invalid: [
            { url: `${collection}/${market.carToEdit[collection]}`, body: { currentPrice: 'cheap', status: 'sold' } },
            { url: `${collection}/${market.carToEdit[collection]}`, ...MALFORMED },
          ],
          accepted: 200,
        },
      ]),
    ),
    'put /favourites/{carId}': {
      caller: access('Buyer'),
      valid: { url: `/favourites/${market.carToSave}` },
      invalid: [{ url: '/favourites/not-an-id' }],
      accepted: 200,
    },
    'delete /favourites/{carId}': {
      caller: access('Buyer'),
      valid: { url: `/favourites/${market.carToSave}` },
      invalid: [{ url: '/favourites/not-an-id' }],
      accepted: 200,
    },
    'get /favourites': { caller: access('Buyer'), valid: { url: '/favourites' }, invalid: [], accepted: 200 },
    'get /favourites/counts': { caller: access('Seller'), valid: { url: '/favourites/counts' }, invalid: [], accepted: 200 },
    'post /saved-searches': {
      caller: access('Buyer'),
      valid: { url: '/saved-searches', body: { name: 'Hondas', filters: { category: 'honda', maxPrice: 20_000 } } },
      invalid: [
        { url: '/saved-searches', body: { name: '', filters: { category: 'ford' } } },
        { url: '/saved-searches', ...MALFORMED },
      ],
      accepted: 201,
    },
    'get /saved-searches': { caller: access('Buyer'), valid: { url: '/saved-searches' }, invalid: [], accepted: 200 },
    'get /market/estimate': {
      caller: access('Seller'),
      valid: { url: '/market/estimate?category=honda&carName=Honda%20Civic%20EX&purchaseYear=2019&mileage=40000' },
      invalid: [
        { url: '/market/estimate?category=ford&carName=x&purchaseYear=2019' },
        { url: '/market/estimate?category=honda&carName=x&purchaseYear=2019&mileage=-1' },
      ],
      accepted: 200,
    },
    'delete /saved-searches/{id}': {
      caller: access('Buyer'),
      valid: { url: `/saved-searches/${market.savedSearch}` },
      invalid: [{ url: '/saved-searches/not-an-id' }],
      accepted: 200,
    },
    'get /notifications': {
      caller: access('Buyer'),
      valid: { url: '/notifications?limit=10' },
      invalid: [{ url: '/notifications?limit=0' }],
      accepted: 200,
    },
    'post /notifications/read': {
      caller: access('Buyer'),
      valid: { url: '/notifications/read', body: {} },
      invalid: [
        { url: '/notifications/read', body: { ids: 'all' } },
        { url: '/notifications/read', ...MALFORMED },
      ],
      accepted: 200,
    },
    'post /reports': {
      caller: access('Buyer'),
      valid: { url: '/reports', body: { carId: market.carToHide, reason: 'scam' } },
      invalid: [
        { url: '/reports', body: { carId: market.carToHide, reason: 'ugly' } },
        { url: '/reports', ...MALFORMED },
      ],
      accepted: 201,
    },
    'get /admin/reports': { caller: access('admin'), valid: { url: '/admin/reports' }, invalid: [], accepted: 200 },
    ...Object.fromEntries(
      (
        [
          ['cars', 'hide', () => market.carToHide],
          ['cars', 'restore', () => market.carToHide],
          ['users', 'suspend', () => market.suspendee],
          ['users', 'reinstate', () => market.suspendee],
        ] as const
      ).map(([what, act, target]): [string, Example] => [
        `post /admin/${what}/{id}/${act}`,
        {
          caller: access('admin'),
          valid: { url: `/admin/${what}/${target()}/${act}`, body: { reason: 'Reported by buyers' } },
          invalid: [
            { url: `/admin/${what}/not-an-id/${act}`, body: { reason: 'x' } },
            { url: `/admin/${what}/${target()}/${act}`, body: { reason: '' } },
          ],
          accepted: 200,
        },
      ]),
    ),
    'get /admin/audit-log': { caller: access('admin'), valid: { url: '/admin/audit-log' }, invalid: [], accepted: 200 },
    'get /telemetry/summary': {
      caller: access('admin'),
      valid: { url: '/telemetry/summary?remote=catalog' },
      invalid: [{ url: '/telemetry/summary?remote=nowhere' }, { url: '/telemetry/summary?remote=catalog&since=soon' }],
      accepted: 200,
    },
    'post /conversations': {
      caller: access('Buyer'),
      valid: { url: '/conversations', body: { carId: talk.carToAsk, text: 'Any rust?' } },
      invalid: [
        { url: '/conversations', body: { carId: 'not-an-id', text: '' } },
        { url: '/conversations', ...MALFORMED },
      ],
      accepted: 201,
    },
    'get /conversations': { caller: access('Buyer'), valid: { url: '/conversations' }, invalid: [], accepted: 200 },
    'get /conversations/stream': { caller: access('Buyer'), valid: { url: '/conversations/stream', stream: true }, invalid: [], accepted: 200 },
    'get /conversations/{id}': {
      caller: access('Buyer'),
      valid: { url: `/conversations/${talk.conversation}` },
      invalid: [{ url: '/conversations/not-an-id' }],
      accepted: 200,
    },
    'get /conversations/{id}/messages': {
      caller: access('Buyer'),
      valid: { url: `/conversations/${talk.conversation}/messages?limit=20` },
      invalid: [{ url: `/conversations/${talk.conversation}/messages?limit=0&cursor=latest` }],
      accepted: 200,
    },
    'post /conversations/{id}/messages': {
      caller: access('Seller'),
      valid: { url: `/conversations/${talk.conversation}/messages`, body: { text: 'It is.' } },
      invalid: [
        { url: `/conversations/${talk.conversation}/messages`, body: { text: '', from: 'buyer' } },
        { url: `/conversations/${talk.conversation}/messages`, ...MALFORMED },
      ],
      accepted: 201,
    },
    'post /conversations/{id}/read': {
      caller: access('Seller'),
      valid: { url: `/conversations/${talk.conversation}/read` },
      invalid: [{ url: '/conversations/not-an-id/read' }],
      accepted: 200,
    },
    'post /conversations/{id}/block': {
      caller: access('Seller'),
      valid: { url: `/conversations/${talk.toBlock}/block` },
      invalid: [{ url: '/conversations/not-an-id/block' }],
      accepted: 200,
    },
    'delete /conversations/{id}/block': {
      caller: access('Seller'),
      valid: { url: `/conversations/${talk.toBlock}/block` },
      invalid: [{ url: '/conversations/not-an-id/block' }],
      accepted: 200,
    },
    'post /conversations/{id}/report': {
      caller: access('Buyer'),
      valid: { url: `/conversations/${talk.conversation}/report`, body: { reason: 'scam' } },
      invalid: [
        { url: `/conversations/${talk.conversation}/report`, body: { reason: 'rude' } },
        { url: `/conversations/${talk.conversation}/report`, ...MALFORMED },
      ],
      accepted: 201,
    },
    'get /admin/conversation-reports': { caller: access('admin'), valid: { url: '/admin/conversation-reports' }, invalid: [], accepted: 200 },
    'post /bookings': {
      caller: access('Buyer'),
      valid: { url: '/bookings', body: { carId: carToBook, phone: '+1 415 555 0199', address: '1 Market St' } },
      invalid: [
        { url: '/bookings', body: { carId: 'not-an-id', phone: 'call me', paid: true } },
        { url: '/bookings', ...MALFORMED },
      ],
      accepted: 201,
    },
    'get /bookings': {
      caller: access('Buyer'),
      valid: { url: `/bookings?email=${encodeURIComponent(accounts.Buyer.email)}` },
      invalid: [{ url: '/bookings?email=nobody' }],
      accepted: 200,
    },
    'get /bookings/{id}': {
      caller: access('Buyer'),
      valid: { url: `/bookings/${bookingToStart}` },
      invalid: [{ url: '/bookings/not-an-id' }],
      accepted: 200,
    },
    'get /myBuyers': {
      caller: access('Seller'),
      valid: { url: '/myBuyers' },
      // It reads no input, so there is nothing to get wrong.
      invalid: [],
      accepted: 200,
    },
    'post /create-payment-intent': {
      caller: access('Buyer'),
      valid: { url: '/create-payment-intent', body: { bookingId: bookingToStart } },
      invalid: [
        { url: '/create-payment-intent', body: { bookingId: 'abc', amount: 1 } },
        { url: '/create-payment-intent', ...MALFORMED },
      ],
      accepted: 200,
    },
    'post /releases': {
      caller: access('admin'),
      valid: {
        url: '/releases',
        body: { remote: 'dashboard', version: 'ra-3', manifestUrl: `${site.origin}/dashboard/mf-manifest.json`, canary: 10 },
      },
      invalid: [
        { url: '/releases', body: { remote: 'catalog', version: '../x', manifestUrl: 'javascript:1', preflight: 'maybe' } },
        { url: '/releases', ...MALFORMED },
      ],
      accepted: 201,
    },
    'post /releases/{remote}/promote': {
      caller: access('admin'),
      valid: { url: '/releases/catalog/promote' },
      invalid: [{ url: '/releases/nope/promote' }],
      accepted: 200,
    },
    'post /releases/{remote}/rollback': {
      caller: access('admin'),
      valid: { url: '/releases/dashboard/rollback', body: {} },
      invalid: [
        { url: '/releases/nope/rollback', body: {} },
        { url: '/releases/dashboard/rollback', body: { to: '../x' } },
      ],
      accepted: 200,
    },
    'get /releases/analysis': {
      caller: access('admin'),
      valid: { url: '/releases/analysis?remote=catalog' },
      invalid: [{ url: '/releases/analysis?remote=nowhere' }],
      accepted: 200,
    },
    'put /releases/{remote}/canary': {
      caller: access('admin'),
      valid: { url: '/releases/checkout/canary', body: { share: 40 } },
      invalid: [{ url: '/releases/checkout/canary', body: { share: 0 } }],
      accepted: 200,
    },
    'put /release-files/{remote}/{version}/{*}': {
      caller: access('admin'),
      valid: { url: '/release-files/checkout/files-1/remoteEntry.js', body: { any: 'bytes' } },
      invalid: [
        { url: '/release-files/nope/files-1/remoteEntry.js', body: {} },
        { url: '/release-files/checkout/files-1/..%2F..%2Fx.js', body: {} },
      ],
      accepted: 201,
    },
    'put /release-maps/{remote}/{version}/{*}': {
      caller: access('admin'),
      valid: {
        url: '/release-maps/checkout/files-1/remoteEntry.js.map',
        body: { version: 3, sources: ['webpack://checkout/./src/a.ts'], names: [], mappings: 'AAAA' },
      },
      invalid: [
        { url: '/release-maps/nope/files-1/remoteEntry.js.map', body: {} },
        { url: '/release-maps/checkout/files-1/..%2F..%2Fx.js.map', body: {} },
        { url: '/release-maps/checkout/files-1/remoteEntry.js.map', body: { version: 3 } },
      ],
      accepted: 201,
    },
    'post /releases/pin': {
      caller: access('admin'),
      valid: { url: '/releases/pin', body: { remote: 'catalog', version: 'ra-1' } },
      invalid: [{ url: '/releases/pin', body: { remote: 'catalog', version: '' } }],
      accepted: 201,
    },
    'post /releases/{remote}/previews': {
      caller: access('admin'),
      valid: { url: '/releases/catalog/previews', body: { version: 'ra-1' } },
      invalid: [
        { url: '/releases/nope/previews', body: { version: 'ra-1' } },
        { url: '/releases/catalog/previews', body: { version: 'ra-1', expiresInSeconds: 1 } },
      ],
      accepted: 201,
    },
    'post /releases/{remote}/local-links': {
      caller: access('admin'),
      valid: { url: '/releases/catalog/local-links', body: { url: 'http://localhost:3001/mf-manifest.json' } },
      invalid: [
        { url: '/releases/catalog/local-links', body: { url: 'not an address' } },
        { url: '/releases/catalog/local-links', body: { url: 'https://elsewhere.example/mf-manifest.json' } },
      ],
      accepted: 201,
    },
    'get /previews': { caller: access('admin'), valid: { url: '/previews' }, invalid: [{ url: '/previews?remote=nowhere' }], accepted: 200 },
    'delete /previews/{id}': {
      caller: access('admin'),
      valid: { url: `/previews/${linkToWithdraw}` },
      invalid: [{ url: '/previews/not-an-id' }],
      accepted: 200,
    },
    'delete /releases/{remote}/{version}/previews': {
      caller: access('admin'),
      valid: { url: '/releases/catalog/ra-1/previews' },
      invalid: [{ url: '/releases/nope/ra-1/previews' }, { url: '/releases/catalog/..%2Fx/previews' }],
      accepted: 200,
    },
    'get /deploy-tokens': { caller: access('admin'), valid: { url: '/deploy-tokens' }, invalid: [], accepted: 200 },
    'post /deploy-tokens': {
      caller: access('admin'),
      valid: { url: '/deploy-tokens', body: { name: 'Catalog team', remote: 'catalog' } },
      invalid: [
        { url: '/deploy-tokens', body: { name: '', remote: 'catalog' } },
        { url: '/deploy-tokens', body: { name: 'x', remote: 'nope' } },
      ],
      accepted: 201,
    },
    'delete /deploy-tokens/{id}': {
      caller: access('admin'),
      valid: { url: `/deploy-tokens/${tokenToRevoke}` },
      invalid: [{ url: '/deploy-tokens/not-an-id' }],
      accepted: 200,
    },
    'post /payments': {
      caller: access('Buyer'),
      valid: { url: '/payments', body: { ...toRecord, email: accounts.Buyer.email } },
      invalid: [
        { url: '/payments', body: { bookingId: toRecord.bookingId, email: 'nope' } },
        { url: '/payments', ...MALFORMED },
      ],
      accepted: 201,
    },
  });

  /** Routes whose every security requirement names a scheme: no anonymous alternative ({}). */
  const privateOperations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.security?.length && operation.security.every((requirement) => Object.keys(requirement).length > 0))
        .map(([method, operation]) => ({ key: `${method} ${path}`, method: method.toUpperCase() as InjectOptions['method'], operation })),
    );

  /** `accepted`: the caller is let through, so a stream's response is read only up to its head. */
  function send(method: InjectOptions['method'], input: Input, authorization?: string, accepted = false): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = authorization ? { authorization } : {};
    if (input.raw !== undefined || input.body !== undefined) headers['content-type'] = 'application/json';
    if (input.form) Object.assign(headers, input.form.headers);
    const payload = input.form?.payload ?? input.raw ?? (input.body === undefined ? undefined : JSON.stringify(input.body));
    return api().inject({ method, url: input.url, headers, payload, ...(input.stream && accepted ? { payloadAsStream: true } : {}) });
  }

  async function expiredAccessToken(role: Role): Promise<string> {
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(accounts[role].id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(TEST_CONFIG.jwtSecret));
    return bearer(token);
  }

  /** Every caller each private route must refuse, with the status it must get. */
  async function refusedCallers(operation: Operation, example: Example): Promise<{ who: string; authorization?: string; status: number }[]> {
    const scheme = Object.keys(operation.security![0]!)[0];
    if (scheme === 'sessionCookie') {
      return [
        { who: 'no cookie', status: 401 },
        { who: 'an ended session cookie', authorization: `Session fake-session-ended-${Date.now()}`, status: 401 },
      ];
    }
    const byIdentity = scheme === 'firebaseIdToken';
    const accepted = operation[ROLES_EXTENSION];
    const acceptedRole = accepted?.[0] ?? (ROLES.find((role) => example.caller() === accounts[role].auth.authorization) as Role);
    return [
      { who: 'no token', status: 401 },
      byIdentity
        ? { who: 'an expired ID token', authorization: bearer(`fake-id-token-expired-${Date.now()}`), status: 401 }
        : { who: `an expired token of a ${acceptedRole}`, authorization: await expiredAccessToken(acceptedRole), status: 401 },
      ...ROLES.filter((role) => accepted && !accepted.includes(role)).map((role) => ({ who: `a ${role}`, authorization: access(role)(), status: 403 })),
    ];
  }

  /** The names a route's input is made of: a refused caller must read none of them. */
  function inputNames(operation: Operation): string[] {
    const body = Object.values(operation.requestBody?.content ?? {})[0]?.schema.properties ?? {};
    return [...(operation.parameters ?? []).map((parameter) => parameter.name), ...Object.keys(body)];
  }

  async function tableContents() {
    const tables = { users, cars, bookings, payments, carPhotos };
    const entries = await Promise.all(
      Object.entries(tables).map(async ([name, table]) => [name, await api().db.select().from(table).orderBy(table.id)] as const),
    );
    return Object.fromEntries(entries);
  }

  it('names the roles of role-bound routes in the document, beside their security', () => {
    const operations = Object.fromEntries(privateOperations().map(({ key, operation }) => [key, operation]));
    expect(operations['post /hondas']?.[ROLES_EXTENSION]).toEqual(['Seller']);
    expect(operations['delete /allUsers/{id}']?.[ROLES_EXTENSION]).toEqual(['admin']);
    expect(operations['post /users']?.security).toEqual([{ firebaseIdToken: [] }]);
    expect(document.paths['/myAudi']?.get?.security).toEqual([{}, { bearerAuth: [] }]);
    expect(document.paths['/audis']?.get?.security).toBeUndefined();
  });

  it('refuses every caller without a valid token (401) or of the wrong role (403) before looking at the input, and writes nothing', async () => {
    const operations = privateOperations();
    const known = examples();
    expect(operations.map(({ key }) => key).sort()).toEqual(Object.keys(known).sort());

    const before = await tableContents();
    const rows: string[] = [];
    for (const { key, method, operation } of operations) {
      const example = known[key]!;
      const names = inputNames(operation);
      for (const caller of await refusedCallers(operation, example)) {
        for (const [kind, input] of [['valid', example.valid], ...example.invalid.map((input, i) => [`invalid #${i + 1}`, input] as const)] as const) {
          const response = await send(method, input, caller.authorization);
          const row = `${key}, ${caller.who}, ${kind} input → ${response.statusCode} ${response.body}`;
          rows.push(row);
          const body = response.json<Record<string, unknown>>();
          expect({ row, status: response.statusCode, keys: Object.keys(body) }).toEqual({ row, status: caller.status, keys: ['message'] });
          const message = String(body.message);
          expect({ row, readable: REFUSALS.includes(message) || ROLE_REFUSAL.test(message) }).toEqual({ row, readable: true });
          expect({ row, names: names.filter((name) => new RegExp(`\\b${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(message)) }).toEqual({
            row,
            names: [],
          });
        }
      }
    }
    // 74 private routes; each refused without a token, with an expired one and by every wrong role.
    expect(rows.length).toBe(587);
    expect(await tableContents()).toEqual(before);
  });

  it('lets the right caller through to validation (400) and, with the valid input, to the response', async () => {
    const known = examples();
    for (const { key, method } of privateOperations()) {
      const example = known[key]!;
      for (const input of example.invalid) {
        const response = await send(method, input, example.caller());
        expect({ key, input, status: response.statusCode }).toEqual({ key, input, status: 400 });
      }
    }
    // After the refusals above: the valid inputs of some routes change what others would read.
    for (const { key, method } of privateOperations()) {
      const example = known[key]!;
      const response = await send(method, example.valid, example.caller(), true);
      if (example.valid.stream) response.stream().destroy();
      expect({ key, status: response.statusCode, body: response.statusCode === example.accepted ? '' : response.body }).toEqual({
        key,
        status: example.accepted,
        body: '',
      });
    }
  });
});
