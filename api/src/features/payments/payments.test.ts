import { eq } from 'drizzle-orm';
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

  it('starts one intent per booking for the booking\'s own amount', async () => {
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
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(buyer, bookingId, transactionId)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([...Array(19).fill(200), 201]);
    expect(new Set(answers.map((answer) => answer.json().insertedId)).size).toBe(1);
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

  it('lets only the first of two buyers buy the car', async () => {
    const rival = await api().account('Buyer');
    const carId = await api().addCar(seller);
    const mine = await api().bookAndConfirm(buyer, carId);
    const theirs = await api().bookAndConfirm(rival, carId);
    expect((await pay(buyer, mine.bookingId, mine.transactionId)).statusCode).toBe(201);
    const late = await pay(rival, theirs.bookingId, theirs.transactionId);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This car has already been sold');
    const intent = await api().inject({ method: 'POST', url: '/create-payment-intent', headers: rival.auth, payload: { bookingId: theirs.bookingId } });
    expect(intent.statusCode).toBe(409);
    expect(await paymentsOf(theirs.bookingId)).toHaveLength(0);
  });
});
