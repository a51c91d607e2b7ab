import { eq } from 'drizzle-orm';
import { type Booking, type CarResponse, GONE_NOTES, type NotificationPage, ORDER_MESSAGES } from '@usedcars/shared-contract';
import { bookings, cars } from '../../db/schema';
import { type Account, COLLECTION, describeEachDriver } from '../../../test/helpers';

describeEachDriver('sellers keep listings current (PATCH)', (api) => {
  let seller: Account;
  let buyer: Account;
  beforeAll(async () => {
    seller = await api().account('Seller', 'Pat Seller');
    buyer = await api().account('Buyer', 'Bo Buyer');
  });

  const patch = (who: Account, carId: string, payload: object, collection = COLLECTION.audi) =>
    api().inject({ method: 'PATCH', url: `${collection}/${carId}`, headers: who.auth, payload });
  const read = (carId: string, collection = COLLECTION.audi) => api().inject({ method: 'GET', url: `${collection}/${carId}` });
  const row = async (carId: string) => (await api().db.select().from(cars).where(eq(cars.id, carId)))[0]!;

  it('changes price, details, location and condition, and keeps every price in priceHistory', async () => {
    const carId = await api().addCar(seller, { currentPrice: 21_500 });
    const listed = (await read(carId)).json<CarResponse>();
    expect(listed.priceHistory).toEqual([{ price: 21_500, at: expect.any(String) }]);
    const response = await patch(seller, carId, { currentPrice: 20_300, details: 'New tyres 🚗', location: 'Oakland, CA', condition: 'Very good' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: carId, currentPrice: 20_300, details: 'New tyres 🚗', location: 'Oakland, CA', condition: 'Very good' });
    const after = (await read(carId)).json<CarResponse>();
    expect(after.priceHistory.map((entry) => entry.price)).toEqual([21_500, 20_300]);
    expect(Date.parse(after.priceHistory[1]!.at)).toBeGreaterThanOrEqual(Date.parse(after.priceHistory[0]!.at));
    // The same price again is no change.
    await patch(seller, carId, { currentPrice: 20_300 });
    expect((await read(carId)).json<CarResponse>().priceHistory).toHaveLength(2);
  });

  it("refuses another seller's car, a sold car's price, an ended listing and an empty change, changing nothing", async () => {
    const other = await api().account('Seller');
    const carId = await api().addCar(seller);
    const before = await row(carId);
    const stranger = await patch(other, carId, { currentPrice: 1 });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toEqual({ message: 'You can only change your own listings' });
    expect((await patch(seller, carId, {})).json()).toEqual({ message: 'Send at least one field to change' });
    expect((await patch(seller, carId, { currentPrice: -5 })).statusCode).toBe(400);
    expect((await patch(seller, carId, { price: 5 })).json().message).toContain('Unknown field: price');
    expect((await patch(seller, carId, { details: 'x' }, COLLECTION.honda)).statusCode).toBe(404);
    expect((await patch(buyer, carId, { details: 'x' })).statusCode).toBe(403);
    expect(await row(carId)).toEqual(before);

    const sold = await api().addCar(seller);
    await api().buy(buyer, sold);
    const price = await patch(seller, sold, { currentPrice: 100, details: 'Half a change' });
    expect(price.statusCode).toBe(409);
    expect(price.json()).toEqual({ message: ORDER_MESSAGES.soldPriceFixed });
    expect((await row(sold)).details).toBe('One owner, full service history.');
    expect((await patch(seller, sold, { status: 'withdrawn' })).statusCode).toBe(409);
    expect((await patch(seller, sold, { details: 'Sold with winter tyres' })).statusCode).toBe(200);

    const ended = await api().addCar(seller);
    expect((await patch(seller, ended, { status: 'withdrawn' })).statusCode).toBe(200);
    const again = await patch(seller, ended, { details: 'Back again?' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: ORDER_MESSAGES.ended });
  });

  it('ends a listing as sold elsewhere: gone from the lists, its bookings cancelled, each booked buyer told', async () => {
    const second = await api().account('Buyer');
    const carId = await api().addCar(seller, { carName: 'Audi TT Roadster' });
    expect((await api().book(buyer, carId)).statusCode).toBe(201);
    expect((await api().book(second, carId)).statusCode).toBe(201);

    const response = await patch(seller, carId, { status: 'soldElsewhere' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'soldElsewhere' });
    const gone = await read(carId);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual({ message: GONE_NOTES.soldElsewhere, removed: 'soldElsewhere' });
    const list = await api().inject({ method: 'GET', url: `${COLLECTION.audi}?q=Roadster` });
    expect(list.json<CarResponse[]>().map((car) => car._id)).not.toContain(carId);
    // The seller's own My Products still shows it, with its status.
    const own = await api().inject({ method: 'GET', url: '/myAudi', headers: seller.auth });
    expect(own.json<CarResponse[]>().find((car) => car._id === carId)).toMatchObject({ status: 'soldElsewhere' });

    // The bookings are kept, cancelled with how the listing ended: each buyer's My Orders still shows theirs.
    const kept = await api().db.select().from(bookings).where(eq(bookings.carId, carId));
    expect(kept.map((booking) => [booking.paid, booking.cancelReason])).toEqual([
      [false, 'soldElsewhere'],
      [false, 'soldElsewhere'],
    ]);
    for (const who of [buyer, second]) {
      const orders = await api().inject({ method: 'GET', url: `/bookings?email=${encodeURIComponent(who.email)}`, headers: who.auth });
      const order = orders.json<Booking[]>().find((booking) => booking.carId === carId);
      expect(order).toMatchObject({ paid: false, carStatus: 'soldElsewhere', cancelReason: 'soldElsewhere', cancelledAt: expect.any(String) });
      // Nothing to pay: the payment is refused before any card is charged.
      const intent = await api().inject({ method: 'POST', url: '/create-payment-intent', headers: who.auth, payload: { bookingId: order!._id } });
      expect(intent.statusCode).toBe(409);
      expect(intent.json()).toEqual({ message: ORDER_MESSAGES.cancelled });
      const inbox = (await api().inject({ method: 'GET', url: '/notifications', headers: who.auth })).json<NotificationPage>();
      expect(inbox.items).toContainEqual(
        expect.objectContaining({ kind: 'listingEnded', carId, text: 'Audi TT Roadster was sold elsewhere; your booking was cancelled.' }),
      );
    }
    // The seller's My Buyers keeps them too, cancelled.
    const buyers = (await api().inject({ method: 'GET', url: '/myBuyers', headers: seller.auth })).json<Booking[]>();
    expect(buyers.filter((booking) => booking.carId === carId).map((booking) => booking.cancelReason)).toEqual(['soldElsewhere', 'soldElsewhere']);
    const rebook = await api().book(buyer, carId);
    expect(rebook.statusCode).toBe(409);
    expect(rebook.json().message).toBe(ORDER_MESSAGES.ended);
  });

  it('withdrawing keeps the booking as cancelled; its buyer leaving later does not bring the listing back', async () => {
    const admin = await api().account('admin');
    const leaving = await api().account('Buyer');
    const carId = await api().addCar(seller, { carName: 'Audi Q5 Sportback' });
    expect((await api().book(leaving, carId)).statusCode).toBe(201);
    expect((await patch(seller, carId, { status: 'withdrawn' })).statusCode).toBe(200);
    const orders = await api().inject({ method: 'GET', url: `/bookings?email=${encodeURIComponent(leaving.email)}`, headers: leaving.auth });
    expect(orders.json<Booking[]>()).toEqual([expect.objectContaining({ carId, cancelReason: 'withdrawn', carStatus: 'withdrawn' })]);
    expect((await api().inject({ method: 'DELETE', url: `/allUsers/${leaving.id}`, headers: admin.auth })).statusCode).toBe(200);
    expect((await row(carId)).status).toBe('withdrawn');
    expect((await read(carId)).statusCode).toBe(410);
  });
});
