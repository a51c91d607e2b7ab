import { eq } from 'drizzle-orm';
import { ORDER_MESSAGES, type Booking } from '@usedcars/shared-contract';
import { bookings, cars } from '../../db/schema';
import { type Account, describeEachDriver } from '../../../test/helpers';

describeEachDriver('bookings', (api) => {
  let seller: Account;
  let buyer: Account;
  beforeAll(async () => {
    seller = await api().account('Seller', 'Sally Seller');
    buyer = await api().account('Buyer', 'Bob Buyer');
  });

  const carStatus = async (id: string) => (await api().db.select().from(cars).where(eq(cars.id, id)))[0]?.status;

  it("books a car with the buyer's and the car's own facts, whatever the body says", async () => {
    const carId = await api().addCar(seller, { carName: 'Audi Q5 45 TFSI', currentPrice: 30_000 });
    const response = await api().inject({
      method: 'POST',
      url: '/bookings',
      headers: buyer.auth,
      payload: {
        carId,
        phone: '+1 415 555 0100',
        address: '1 Market St',
        name: 'Mallory',
        email: 'mallory@example.test',
        currentPrice: 1,
        carName: 'Cheap',
        img: 'x',
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ acknowledged: true, message: 'Booking confirmed', insertedId: expect.any(String) });
    const booking = await api().inject({ method: 'GET', url: `/bookings/${response.json().insertedId}`, headers: buyer.auth });
    expect(booking.json()).toEqual({
      _id: response.json().insertedId,
      carId,
      name: 'Bob Buyer',
      email: buyer.email,
      img: '/images/cars/sedan-blue.svg',
      currentPrice: 30_000,
      carName: 'Audi Q5 45 TFSI',
      phone: '+1 415 555 0100',
      address: '1 Market St',
      paid: false,
      transactionId: null,
      carStatus: 'booked',
      cancelReason: null,
      cancelledAt: null,
    });
    expect(await carStatus(carId)).toBe('booked');
  });

  it('refuses a second booking of the same car by the same buyer', async () => {
    const carId = await api().addCar(seller);
    expect((await api().book(buyer, carId)).statusCode).toBe(201);
    const again = await api().book(buyer, carId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ acknowledged: false, message: ORDER_MESSAGES.alreadyBooked });
    expect(await api().db.select().from(bookings).where(eq(bookings.carId, carId))).toHaveLength(1);
  });

  it('refuses a sold car', async () => {
    const carId = await api().addCar(seller);
    await api().db.update(cars).set({ status: 'sold' }).where(eq(cars.id, carId));
    const response = await api().book(buyer, carId);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This car has already been sold');
  });

  it('refuses an empty phone or meeting address with a message naming the field, and books nothing', async () => {
    const carId = await api().addCar(seller);
    for (const [payload, message] of [
      [{ carId, phone: '', address: '1 Market St' }, 'phone is required'],
      [{ carId, phone: '+1 415 555 0100', address: '   ' }, 'address is required'],
      [{ carId, address: '1 Market St' }, 'phone is required'],
    ] as const) {
      const response = await api().inject({ method: 'POST', url: '/bookings', headers: buyer.auth, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect(await api().db.select().from(bookings).where(eq(bookings.carId, carId))).toHaveLength(0);
    expect(await carStatus(carId)).toBe('available');
  });

  it('lets a second buyer book a car someone else has booked (the first to pay buys it)', async () => {
    const other = await api().account('Buyer');
    const carId = await api().addCar(seller);
    expect((await api().book(other, carId)).statusCode).toBe(201);
    expect((await api().book(buyer, carId)).statusCode).toBe(201);
    expect(await api().db.select().from(bookings).where(eq(bookings.carId, carId))).toHaveLength(2);
    expect(await carStatus(carId)).toBe('booked');
  });

  it('lets only buyers book, and only existing cars', async () => {
    const carId = await api().addCar(seller);
    expect((await api().book(seller, carId)).statusCode).toBe(403);
    expect((await api().inject({ method: 'POST', url: '/bookings', payload: { carId, phone: '5551234', address: 'x' } })).statusCode).toBe(401);
    expect((await api().book(buyer, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect(await api().db.select().from(bookings).where(eq(bookings.carId, carId))).toHaveLength(0);
  });

  it('shows a buyer only their own bookings; an admin any', async () => {
    const other = await api().account('Buyer');
    const carId = await api().addCar(seller);
    const bookingId = (await api().book(other, carId)).json().insertedId;
    const own = await api().inject({ method: 'GET', url: `/bookings?email=${encodeURIComponent(other.email)}`, headers: other.auth });
    expect(own.json<Booking[]>().map((booking) => booking._id)).toEqual([bookingId]);
    expect((await api().inject({ method: 'GET', url: `/bookings?email=${encodeURIComponent(other.email)}`, headers: buyer.auth })).statusCode).toBe(403);
    expect((await api().inject({ method: 'GET', url: `/bookings?email=${encodeURIComponent(other.email)}` })).statusCode).toBe(401);
    expect((await api().inject({ method: 'GET', url: `/bookings/${bookingId}`, headers: buyer.auth })).statusCode).toBe(403);
    expect((await api().inject({ method: 'GET', url: `/bookings/${bookingId}` })).statusCode).toBe(401);
    expect((await api().inject({ method: 'GET', url: '/bookings/00000000-0000-4000-8000-000000000000', headers: buyer.auth })).statusCode).toBe(404);
    const admin = await api().account('admin');
    expect((await api().inject({ method: 'GET', url: `/bookings?email=${encodeURIComponent(other.email)}`, headers: admin.auth })).json()).toHaveLength(1);
    expect((await api().inject({ method: 'GET', url: `/bookings/${bookingId}`, headers: admin.auth })).statusCode).toBe(200);
  });

  it('shows a seller who booked their cars (GET /myBuyers)', async () => {
    const otherSeller = await api().account('Seller');
    const carId = await api().addCar(otherSeller, { carName: 'Honda Civic EX', categoryName: 'honda' });
    const bookingId = (await api().book(buyer, carId)).json().insertedId;
    const response = await api().inject({ method: 'GET', url: '/myBuyers', headers: otherSeller.auth });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      expect.objectContaining({
        _id: bookingId,
        name: 'Bob Buyer',
        email: buyer.email,
        phone: '+1 415 555 0199',
        address: '1 Market St',
        carName: 'Honda Civic EX',
        currentPrice: 21_500,
        paid: false,
      }),
    ]);
    expect((await api().inject({ method: 'GET', url: '/myBuyers', headers: buyer.auth })).statusCode).toBe(403);
  });

  it('tells the buyers and the seller when a booked car was sold to another buyer (carStatus)', async () => {
    const carSeller = await api().account('Seller');
    const first = await api().account('Buyer');
    const winner = await api().account('Buyer');
    const carId = await api().addCar(carSeller, { categoryName: 'mercedes' });
    const lostBooking = (await api().book(first, carId)).json().insertedId;
    const ordersOf = async (who: Account) =>
      (await api().inject({ method: 'GET', url: `/bookings?email=${encodeURIComponent(who.email)}`, headers: who.auth })).json<Booking[]>();

    expect(await ordersOf(first)).toEqual([expect.objectContaining({ _id: lostBooking, paid: false, carStatus: 'booked' })]);
    const { bookingId } = await api().buy(winner, carId);

    expect(await ordersOf(first)).toEqual([expect.objectContaining({ _id: lostBooking, paid: false, carStatus: 'sold' })]);
    expect(await ordersOf(winner)).toEqual([expect.objectContaining({ _id: bookingId, paid: true, carStatus: 'sold' })]);
    const one = await api().inject({ method: 'GET', url: `/bookings/${lostBooking}`, headers: first.auth });
    expect(one.json()).toMatchObject({ _id: lostBooking, paid: false, carStatus: 'sold' });
    const sales = (await api().inject({ method: 'GET', url: '/myBuyers', headers: carSeller.auth })).json<Booking[]>();
    expect(sales.map(({ _id, paid, carStatus: status }) => ({ _id, paid, status }))).toEqual(
      expect.arrayContaining([
        { _id: lostBooking, paid: false, status: 'sold' },
        { _id: bookingId, paid: true, status: 'sold' },
      ]),
    );
    expect(sales).toHaveLength(2);
  });
});
