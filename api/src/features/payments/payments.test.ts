import { eq } from 'drizzle-orm';
import { ORDER_MESSAGES } from '@usedcars/shared-contract';
import { bookings, cars, payments } from '../../db/schema';
import { type Account, describeEachDriver } from '../../../test/helpers';

describeEachDriver('payments', (api) => {
  let seller: Account;
  let buyer: Account;
  beforeAll(async () => {
    seller = await api().account('Seller');
    buyer = await api().account('Buyer');
  });

  const pay = (who: Account, bookingId: string, transactionId: string, email = who.email) =>
    api().inject({ method: 'POST', url: '/payments', headers: who.auth, payload: { bookingId, transactionId, email, currentPrice: 1 } });
  const paymentsOf = (bookingId: string) => api().db.select().from(payments).where(eq(payments.bookingId, bookingId));

  it("starts one intent per booking for the booking's own amount", async () => {
    const carId = await api().addCar(seller, { currentPrice: 19_999.5 });
    const bookingId = (await api().book(buyer, carId)).json().insertedId;
    const first = await api().inject({ method: 'POST', url: '/create-payment-intent', headers: buyer.auth, payload: { bookingId, currentPrice: 1 } });
    expect(first.statusCode).toBe(200);
    const again = await api().inject({ method: 'POST', url: '/create-payment-intent', headers: buyer.auth, payload: { bookingId } });
    expect(again.json().clientSecret).toBe(first.json().clientSecret);
    const [booking] = await api().db.select().from(bookings).where(eq(bookings.id, bookingId));
    const intent = await api().gateway.retrieveIntent(booking!.paymentIntentId!);
    expect(intent).toMatchObject({ amount: 1_999_950, status: 'requires_payment_method', metadata: { bookingId } });
  });

  it('records a succeeded payment: booking paid, car sold, in one go', async () => {
    const carId = await api().addCar(seller);
    const { bookingId, transactionId } = await api().bookAndConfirm(buyer, carId);
    const response = await pay(buyer, bookingId, transactionId);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ insertedId: expect.any(String) });
    const [payment] = await paymentsOf(bookingId);
    expect(payment).toMatchObject({ id: response.json().insertedId, amountCents: 2_150_000, transactionId, email: buyer.email });
    const booking = await api().inject({ method: 'GET', url: `/bookings/${bookingId}`, headers: buyer.auth });
    expect(booking.json()).toMatchObject({ paid: true, transactionId });
    expect((await api().db.select().from(cars).where(eq(cars.id, carId)))[0]?.status).toBe('sold');
    const listed = await api().inject({ method: 'GET', url: `/audis/${carId}` });
    expect(listed.json().status).toBe('sold');
  });

  it('records exactly one payment for 20 concurrent calls, and nothing new later', async () => {
    const carId = await api().addCar(seller);
    const { bookingId, transactionId } = await api().bookAndConfirm(buyer, carId);
    const responses = await Promise.all(Array.from({ length: 20 }, () => pay(buyer, bookingId, transactionId)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([...Array(19).fill(200), 201]);
    expect(new Set(responses.map((response) => response.json().insertedId)).size).toBe(1);
    const later = await pay(buyer, bookingId, transactionId);
    expect(later.statusCode).toBe(200);
    expect(await paymentsOf(bookingId)).toHaveLength(1);
  });

  it('records nothing unless the provider says the intent succeeded', async () => {
    const carId = await api().addCar(seller);
    const declined = await api().bookAndConfirm(buyer, carId, '4000 0000 0000 0002');
    const response = await pay(buyer, declined.bookingId, declined.transactionId);
    expect(response.statusCode).toBe(402);
    expect(response.json().message).toBe('The card payment has not succeeded');
    const made = await pay(buyer, declined.bookingId, 'pi_made_up');
    expect(made.statusCode).toBe(400);
    expect(made.json().message).toMatch(/^transactionId/);
    expect(await paymentsOf(declined.bookingId)).toHaveLength(0);
  });

  it('keeps people to their own bookings', async () => {
    const thief = await api().account('Buyer');
    const carId = await api().addCar(seller);
    const { bookingId, transactionId } = await api().bookAndConfirm(buyer, carId);
    expect((await api().inject({ method: 'POST', url: '/create-payment-intent', headers: thief.auth, payload: { bookingId } })).statusCode).toBe(403);
    expect((await pay(thief, bookingId, transactionId)).statusCode).toBe(403);
    expect((await pay(buyer, bookingId, transactionId, thief.email)).statusCode).toBe(403);
    expect((await api().inject({ method: 'POST', url: '/payments', payload: { bookingId, transactionId, email: buyer.email } })).statusCode).toBe(401);
    expect(await paymentsOf(bookingId)).toHaveLength(0);
  });

  it("lets an admin read a booking but not pay for it: writes are the buyer's own", async () => {
    const admin = await api().account('admin');
    const carId = await api().addCar(seller);
    const bookingId = (await api().book(buyer, carId)).json().insertedId;
    expect((await api().inject({ method: 'GET', url: `/bookings/${bookingId}`, headers: admin.auth })).statusCode).toBe(200);
    const intent = await api().inject({ method: 'POST', url: '/create-payment-intent', headers: admin.auth, payload: { bookingId } });
    expect(intent.statusCode).toBe(403);
    expect(intent.json().message).toBe('Only the buyer who made this booking can pay for it');
    const [untouched] = await api().db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(untouched?.paymentIntentId).toBeNull();

    // Even with the buyer's own confirmed intent in hand, an admin records nothing.
    const started = await api().inject({ method: 'POST', url: '/create-payment-intent', headers: buyer.auth, payload: { bookingId } });
    const confirmed = await api().gateway.confirm(started.json().clientSecret, '4242 4242 4242 4242');
    const recorded = await pay(admin, bookingId, confirmed.id, buyer.email);
    expect(recorded.statusCode).toBe(403);
    expect(recorded.json().message).toBe('Only the buyer who made this booking can pay for it');
    expect(await paymentsOf(bookingId)).toHaveLength(0);
    expect((await api().db.select().from(bookings).where(eq(bookings.id, bookingId)))[0]?.paid).toBe(false);
  });

  it('lets only the first of two buyers buy the car', async () => {
    const rival = await api().account('Buyer');
    const carId = await api().addCar(seller);
    const mine = await api().bookAndConfirm(buyer, carId);
    const theirs = await api().bookAndConfirm(rival, carId);
    expect((await pay(buyer, mine.bookingId, mine.transactionId)).statusCode).toBe(201);
    const late = await pay(rival, theirs.bookingId, theirs.transactionId);
    expect(late.statusCode).toBe(409);
    // The rival's card went through before the car was sold: the money goes back.
    expect(late.json().message).toBe(ORDER_MESSAGES.soldRefunded);
    expect(await api().gateway.isRefunded(theirs.transactionId)).toBe(true);
    expect(await api().gateway.isRefunded(mine.transactionId)).toBe(false);
    const intent = await api().inject({ method: 'POST', url: '/create-payment-intent', headers: rival.auth, payload: { bookingId: theirs.bookingId } });
    expect(intent.statusCode).toBe(409);
    expect(intent.json().message).toBe(ORDER_MESSAGES.sold);
    expect(await paymentsOf(theirs.bookingId)).toHaveLength(0);
  });

  it('refuses a sold car to a buyer who had not paid yet, before any card is charged', async () => {
    const rival = await api().account('Buyer');
    const carId = await api().addCar(seller);
    const mine = await api().bookAndConfirm(buyer, carId);
    const theirs = (await api().book(rival, carId)).json().insertedId;
    expect((await pay(buyer, mine.bookingId, mine.transactionId)).statusCode).toBe(201);
    const intent = await api().inject({ method: 'POST', url: '/create-payment-intent', headers: rival.auth, payload: { bookingId: theirs } });
    expect(intent.statusCode).toBe(409);
    expect(intent.json().message).toBe('This car has already been sold');
  });

  it("ignores a tampered currentPrice: the amount is the booking's, in cents", async () => {
    const carId = await api().addCar(seller, { currentPrice: 12_345.67 });
    const bookingId = (await api().book(buyer, carId)).json().insertedId;
    const started = await api().inject({ method: 'POST', url: '/create-payment-intent', headers: buyer.auth, payload: { bookingId, currentPrice: 0.5 } });
    expect(started.statusCode).toBe(200);
    const confirmed = await api().gateway.confirm(started.json().clientSecret, '4242 4242 4242 4242');
    expect(confirmed.amount).toBe(1_234_567);
    const paid = await api().inject({
      method: 'POST',
      url: '/payments',
      headers: buyer.auth,
      payload: { bookingId, transactionId: confirmed.id, email: buyer.email, currentPrice: 0.5 },
    });
    expect(paid.statusCode).toBe(201);
    expect((await paymentsOf(bookingId))[0]?.amountCents).toBe(1_234_567);
  });

  it('refuses /payments for an intent never confirmed, and responds to an already paid booking', async () => {
    const carId = await api().addCar(seller);
    const bookingId = (await api().book(buyer, carId)).json().insertedId;
    const started = await api().inject({ method: 'POST', url: '/create-payment-intent', headers: buyer.auth, payload: { bookingId } });
    const intentId = started.json().clientSecret.split('_secret_')[0];
    const early = await pay(buyer, bookingId, intentId);
    expect(early.statusCode).toBe(402);
    expect(early.json().message).toBe(ORDER_MESSAGES.paymentNotSucceeded);
    await api().gateway.confirm(started.json().clientSecret, '4242424242424242');
    expect((await pay(buyer, bookingId, intentId)).statusCode).toBe(201);
    const again = await api().inject({ method: 'POST', url: '/create-payment-intent', headers: buyer.auth, payload: { bookingId } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ORDER_MESSAGES.alreadyPaid);
  });

  it('records a payment the provider took when the page never called back', async () => {
    const carId = await api().addCar(seller);
    const { bookingId } = await api().bookAndConfirm(buyer, carId);
    // The page closed after the card went through; opening it again finds the payment.
    const reopened = await api().inject({ method: 'POST', url: '/create-payment-intent', headers: buyer.auth, payload: { bookingId } });
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json().message).toBe(ORDER_MESSAGES.alreadyPaid);
    expect(await paymentsOf(bookingId)).toHaveLength(1);
  });

  describe('the webhook', () => {
    const deliver = (body: string, headers: Record<string, string>) => api().inject({ method: 'POST', url: '/webhooks/payments', headers, payload: body });

    it('records a succeeded intent like POST /payments, once', async () => {
      const carId = await api().addCar(seller);
      const { bookingId, transactionId } = await api().bookAndConfirm(buyer, carId);
      const body = await api().gateway.succeededEvent(transactionId);
      const first = await deliver(body, api().gateway.signatureHeaders(body));
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ received: true, result: 'recorded' });
      expect((await deliver(body, api().gateway.signatureHeaders(body))).json().result).toBe('already recorded');
      const fromPage = await pay(buyer, bookingId, transactionId);
      expect(fromPage.statusCode).toBe(200);
      expect(await paymentsOf(bookingId)).toHaveLength(1);
      expect((await api().db.select().from(cars).where(eq(cars.id, carId)))[0]?.status).toBe('sold');
    });

    it('refuses a bad, missing or stale signature with a 400 and writes nothing', async () => {
      const carId = await api().addCar(seller);
      const { bookingId, transactionId } = await api().bookAndConfirm(buyer, carId);
      const body = await api().gateway.succeededEvent(transactionId);
      const good = api().gateway.signatureHeaders(body);
      const forged = await deliver(body, {
        ...good,
        'test-gateway-signature': good['test-gateway-signature']!.replace(
          /v1=(.)/,
          (_m: string, c: string) => `v1=${c === '0' ? '1' : '0'}`,
        ) /* always a different signature */,
      });
      expect(forged.statusCode).toBe(400);
      expect(forged.json().message).toBe('The webhook signature does not match the body');
      const tampered = await deliver(body.replace(transactionId, 'pi_other'), good);
      expect(tampered.statusCode).toBe(400);
      const unsigned = await deliver(body, { 'content-type': 'application/json' });
      expect(unsigned.statusCode).toBe(400);
      expect(unsigned.json().message).toBe('The test-gateway-signature header is missing');
      const old = api().gateway.sign(body, new Date(Date.now() - 10 * 60_000));
      const stale = await deliver(body, { 'content-type': 'application/json', 'test-gateway-signature': old });
      expect(stale.statusCode).toBe(400);
      expect(await paymentsOf(bookingId)).toHaveLength(0);
    });

    it('gives the money back when the booking was withdrawn while the card went through', async () => {
      const leaving = await api().account('Buyer');
      const admin = await api().account('admin');
      const carId = await api().addCar(seller);
      const { bookingId, transactionId } = await api().bookAndConfirm(leaving, carId);
      const deleted = await api().inject({ method: 'DELETE', url: `/allUsers/${leaving.id}`, headers: admin.auth });
      expect(deleted.json()).toEqual({ deletedCount: 1 });
      const body = await api().gateway.succeededEvent(transactionId);
      const response = await deliver(body, api().gateway.signatureHeaders(body));
      expect(response.json()).toEqual({ received: true, result: ORDER_MESSAGES.bookingGoneRefunded });
      expect(await api().gateway.isRefunded(transactionId)).toBe(true);
      expect(await paymentsOf(bookingId)).toHaveLength(0);
      expect((await api().db.select().from(cars).where(eq(cars.id, carId)))[0]?.status).toBe('available');
    });

    it('gives the money back when the seller ended the listing while the card went through', async () => {
      const carId = await api().addCar(seller);
      const { bookingId, transactionId } = await api().bookAndConfirm(buyer, carId);
      const ended = await api().inject({ method: 'PATCH', url: `/audis/${carId}`, headers: seller.auth, payload: { status: 'withdrawn' } });
      expect(ended.statusCode).toBe(200);
      const late = await pay(buyer, bookingId, transactionId);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({ message: ORDER_MESSAGES.cancelledRefunded });
      expect(await api().gateway.isRefunded(transactionId)).toBe(true);
      const body = await api().gateway.succeededEvent(transactionId);
      const response = await deliver(body, api().gateway.signatureHeaders(body));
      expect(response.json()).toEqual({ received: true, result: ORDER_MESSAGES.cancelledRefunded });
      expect(await paymentsOf(bookingId)).toHaveLength(0);
      const [kept] = await api().db.select().from(bookings).where(eq(bookings.id, bookingId));
      expect(kept).toMatchObject({ paid: false, cancelReason: 'withdrawn' });
      expect((await api().db.select().from(cars).where(eq(cars.id, carId)))[0]?.status).toBe('withdrawn');
    });

    it('acknowledges events it has no use for', async () => {
      const body = JSON.stringify({ id: 'evt_1', type: 'charge.refunded', data: { object: { id: 'ch_1' } } });
      const response = await deliver(body, api().gateway.signatureHeaders(body));
      expect(response.json()).toEqual({ received: true, result: 'ignored' });
    });
  });

  describe("the test gateway's card confirmation", () => {
    const confirm = (clientSecret: string, card: Record<string, unknown>) =>
      api().inject({ method: 'POST', url: '/test-gateway/confirm', payload: { clientSecret, expMonth: 12, expYear: 2040, cvc: '123', ...card } });

    it("returns Stripe's messages for refused cards, then takes a good one", async () => {
      const carId = await api().addCar(seller);
      const bookingId = (await api().book(buyer, carId)).json().insertedId;
      const { clientSecret } = (await api().inject({ method: 'POST', url: '/create-payment-intent', headers: buyer.auth, payload: { bookingId } })).json();
      const refusals: [Record<string, unknown>, string][] = [
        [{ number: '4000 0000 0000 0002' }, 'Your card was declined.'],
        [{ number: '4000 0000 0000 9995' }, 'Your card has insufficient funds.'],
        [{ number: '4000 0000 0000 0069' }, 'Your card has expired.'],
        [{ number: '4242 4242 4242 4241' }, 'Your card number is invalid.'],
        [{ number: '4242 4242 4242 4242', expYear: 2020 }, "Your card's expiration year is in the past."],
        [{ number: '4242 4242 4242 4242', expMonth: undefined }, "Your card's expiration date is incomplete."],
        [{ number: '4242 4242 4242 4242', cvc: '1' }, "Your card's security code is incomplete."],
      ];
      for (const [card, message] of refusals) {
        const response = await confirm(clientSecret, card);
        expect({ status: response.statusCode, message: response.json().message }).toEqual({ status: 402, message });
      }
      const paid = await confirm(clientSecret, { number: '4242 4242 4242 4242' });
      expect(paid.statusCode).toBe(200);
      expect(paid.json()).toEqual({ id: expect.stringMatching(/^pi_test_/), status: 'succeeded' });
      const recorded = await pay(buyer, bookingId, paid.json().id);
      expect(recorded.statusCode).toBe(201);
    });

    it('does not know a made-up client secret', async () => {
      const response = await confirm('pi_x_secret_y', { number: '4242 4242 4242 4242' });
      expect(response.statusCode).toBe(404);
    });
  });

  it('tells the page which card form to show', async () => {
    const response = await api().inject({ method: 'GET', url: '/payment-config' });
    expect(response.json()).toEqual({ gateway: 'test' });
  });
});
