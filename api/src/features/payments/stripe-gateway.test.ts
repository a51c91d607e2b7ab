import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { ORDER_MESSAGES } from '@usedcars/shared-contract';
import { type Account, DRIVERS, TestApi, createTestDatabase } from '../../../test/helpers';
import { buildApp } from '../../app';
import { defaultConfig } from '../../config';
import { cars, payments } from '../../db/schema';
import { UnknownIntentError } from './gateway';
import { StripeGateway } from './stripe-gateway';

interface StoredIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  client_secret: string;
  status: string;
  metadata: Record<string, string>;
  last_payment_error: null | { message: string };
}

/**
 * Stands in for api.stripe.com on loopback: the few calls the gateway makes, served in Stripe's
 * shapes (form-encoded requests, idempotency keys, resource_missing errors). Nothing leaves the machine.
 */
class FakeStripe {
  readonly intents = new Map<string, StoredIntent>();
  readonly refunds: string[] = [];
  readonly requests: { method: string; path: string; idempotencyKey?: string; auth?: string }[] = [];
  private readonly byKey = new Map<string, StoredIntent>();
  private server!: Server;

  async start(): Promise<string> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** What Stripe.js's confirmCardPayment does in the buyer's browser. */
  succeed(id: string): void {
    this.intents.get(id)!.status = 'succeeded';
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    const form = new URLSearchParams(raw);
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    const path = request.url ?? '';
    this.requests.push({ method: request.method ?? '', path, idempotencyKey, auth: request.headers.authorization });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(4).toString('hex')}` });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'POST' && path === '/v1/payment_intents') {
      const known = idempotencyKey ? this.byKey.get(idempotencyKey) : undefined;
      if (known) return send(200, known);
      const id = `pi_${randomBytes(8).toString('hex')}`;
      const intent: StoredIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency') ?? '',
        client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        status: 'requires_payment_method',
        metadata: { bookingId: form.get('metadata[bookingId]') ?? '' },
        last_payment_error: null,
      };
      this.intents.set(id, intent);
      if (idempotencyKey) this.byKey.set(idempotencyKey, intent);
      return send(200, intent);
    }
    const retrieve = /^\/v1\/payment_intents\/([^/?]+)/.exec(path);
    if (request.method === 'GET' && retrieve) {
      const intent = this.intents.get(decodeURIComponent(retrieve[1]!));
      if (intent) return send(200, intent);
      return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${retrieve[1]}'` } });
    }
    if (request.method === 'POST' && path === '/v1/refunds') {
      this.refunds.push(form.get('payment_intent') ?? '');
      return send(200, { id: `re_${randomBytes(8).toString('hex')}`, object: 'refund', status: 'succeeded' });
    }
    send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${path})` } });
  }
}

const WEBHOOK_SECRET = 'whsec_fake';
const signer = new Stripe('sk_test_signer');

/** The API with the Stripe gateway, pointed at the fake. */
class StripeBackedApi extends TestApi {
  constructor(
    database: ConstructorParameters<typeof TestApi>[0],
    readonly stripe: StripeGateway,
  ) {
    super(database);
  }

  override async start(): Promise<this> {
    this.app = await buildApp({
      db: this.database.db,
      identity: this.identity,
      gateway: this.stripe,
      config: { ...defaultConfig, jwtSecret: 'test-secret-at-least-32-characters-long', logLevel: false, authRateLimitPerMinute: 10_000 },
    });
    await this.app.ready();
    return this;
  }
}

describe.each(DRIVERS)('the Stripe gateway against a local fake (%s)', (driver) => {
  const fakeStripe = new FakeStripe();
  let api: StripeBackedApi;
  let seller: Account;
  let buyer: Account;

  beforeAll(async () => {
    const apiUrl = await fakeStripe.start();
    const gateway = new StripeGateway({ secretKey: 'sk_test_fake', publishableKey: 'pk_test_fake', webhookSecret: WEBHOOK_SECRET, apiUrl });
    api = await new StripeBackedApi(await createTestDatabase(driver), gateway).start();
    seller = await api.account('Seller');
    buyer = await api.account('Buyer');
  });
  afterAll(async () => {
    await api?.stop();
    await fakeStripe.stop();
  });

  const startIntent = async (carPrice = 21_500) => {
    const carId = await api.addCar(seller, { currentPrice: carPrice });
    const bookingId = (await api.book(buyer, carId)).json().insertedId as string;
    const response = await api.inject({ method: 'POST', url: '/create-payment-intent', headers: buyer.auth, payload: { bookingId, currentPrice: 1 } });
    expect(response.statusCode).toBe(200);
    const clientSecret = response.json().clientSecret as string;
    return { carId, bookingId, clientSecret, intentId: clientSecret.split('_secret_')[0]! };
  };
  const pay = (bookingId: string, transactionId: string) =>
    api.inject({ method: 'POST', url: '/payments', headers: buyer.auth, payload: { bookingId, transactionId, email: buyer.email } });
  /** A payment_intent.succeeded event, signed as Stripe signs it with `secret`. */
  const sendWebhook = (id: string, intent: object, secret: string) => {
    const payload = JSON.stringify({ id, object: 'event', type: 'payment_intent.succeeded', data: { object: intent } });
    const header = signer.webhooks.generateTestHeaderString({ payload, secret });
    return api.inject({ method: 'POST', url: '/webhooks/payments', headers: { 'content-type': 'application/json', 'stripe-signature': header }, payload });
  };

  it('tells the page to use Stripe Elements with the publishable key', async () => {
    expect((await api.inject({ method: 'GET', url: '/payment-config' })).json()).toEqual({ gateway: 'stripe', publishableKey: 'pk_test_fake' });
  });

  it('creates one intent per booking, in cents, with an idempotency key and the secret key', async () => {
    const { bookingId, clientSecret, intentId } = await startIntent(19_999.5);
    const again = await api.inject({ method: 'POST', url: '/create-payment-intent', headers: buyer.auth, payload: { bookingId } });
    expect(again.json().clientSecret).toBe(clientSecret);
    expect(fakeStripe.intents.get(intentId)).toMatchObject({ amount: 1_999_950, currency: 'usd', metadata: { bookingId } });
    const creations = fakeStripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(creations.at(-1)).toMatchObject({ idempotencyKey: `booking-${bookingId}-first`, auth: 'Bearer sk_test_fake' });
  });

  it('records the payment only once Stripe says the intent succeeded', async () => {
    const { carId, bookingId, intentId } = await startIntent();
    const early = await pay(bookingId, intentId);
    expect(early.statusCode).toBe(402);
    fakeStripe.succeed(intentId);
    const paid = await pay(bookingId, intentId);
    expect(paid.statusCode).toBe(201);
    expect((await pay(bookingId, intentId)).json().insertedId).toBe(paid.json().insertedId);
    expect(await api.db.select().from(payments).where(eq(payments.bookingId, bookingId))).toHaveLength(1);
    expect((await api.db.select().from(cars).where(eq(cars.id, carId)))[0]?.status).toBe('sold');
  });

  it('records a payment from a signed Stripe webhook when the page never calls back', async () => {
    const { bookingId, intentId } = await startIntent();
    fakeStripe.succeed(intentId);
    const response = await sendWebhook('evt_1', fakeStripe.intents.get(intentId)!, WEBHOOK_SECRET);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, result: 'recorded' });
    expect(await api.db.select().from(payments).where(eq(payments.bookingId, bookingId))).toHaveLength(1);
  });

  it('refuses a webhook whose Stripe signature does not verify', async () => {
    const { bookingId, intentId } = await startIntent();
    fakeStripe.succeed(intentId);
    const response = await sendWebhook('evt_2', { id: intentId }, 'whsec_someone_else');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/signature/i);
    expect(await api.db.select().from(payments).where(eq(payments.bookingId, bookingId))).toHaveLength(0);
  });

  it('refunds a rival whose card went through after the car was sold', async () => {
    const rival = await api.account('Buyer');
    const carId = await api.addCar(seller);
    const mine = (await api.book(buyer, carId)).json().insertedId as string;
    const theirs = (await api.book(rival, carId)).json().insertedId as string;
    const start = async (who: Account, bookingId: string) =>
      ((await api.inject({ method: 'POST', url: '/create-payment-intent', headers: who.auth, payload: { bookingId } })).json().clientSecret as string).split(
        '_secret_',
      )[0]!;
    const [myIntent, theirIntent] = [await start(buyer, mine), await start(rival, theirs)];
    fakeStripe.succeed(myIntent);
    fakeStripe.succeed(theirIntent);
    expect((await pay(mine, myIntent)).statusCode).toBe(201);
    const late = await api.inject({
      method: 'POST',
      url: '/payments',
      headers: rival.auth,
      payload: { bookingId: theirs, transactionId: theirIntent, email: rival.email },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(ORDER_MESSAGES.soldRefunded);
    expect(fakeStripe.refunds).toEqual([theirIntent]);
  });

  it('reports an intent Stripe does not know', async () => {
    await expect(api.stripe.retrieveIntent('pi_unknown')).rejects.toBeInstanceOf(UnknownIntentError);
  });
});
