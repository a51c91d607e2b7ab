import { eq } from 'drizzle-orm';
import { type AuditEntry, type CarResponse, GONE_NOTES, type NotificationPage, type Report } from '@usedcars/shared-contract';
import { auditLog, reports } from '../../db/schema';
import { type Account, COLLECTION, describeEachDriver, sampleCar } from '../../../test/helpers';

describeEachDriver('moderation', (api) => {
  let admin: Account;
  let seller: Account;
  let buyer: Account;
  beforeAll(async () => {
    admin = await api().account('admin', 'Ada Admin');
    seller = await api().account('Seller', 'Shady Seller');
    buyer = await api().account('Buyer', 'Rita Reporter');
  });

  const reportCar = (who: Account, payload: object) => api().inject({ method: 'POST', url: '/reports', headers: who.auth, payload });
  const inbox = async (who: Account) => (await api().inject({ method: 'GET', url: '/notifications', headers: who.auth })).json<NotificationPage>();
  const act = (path: string, reason: string, who = admin) => api().inject({ method: 'POST', url: path, headers: who.auth, payload: { reason } });
  const listed = async (q: string) => (await api().inject({ method: 'GET', url: `${COLLECTION.audi}?q=${encodeURIComponent(q)}` })).json<CarResponse[]>();

  it('takes a report once per person and car, with a reason from the list, and queues it for the admin', async () => {
    const carId = await api().addCar(seller, { carName: 'Audi R8 too cheap' });
    const first = await reportCar(buyer, { carId, reason: 'scam', text: 'Asks for a wire transfer — «urgent»' });
    expect(first.statusCode).toBe(201);
    const again = await reportCar(buyer, { carId, reason: 'other' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'You have already reported this listing' });
    expect((await reportCar(buyer, { carId, reason: 'ugly' })).statusCode).toBe(400);
    expect((await reportCar(buyer, { carId: '00000000-0000-4000-8000-000000000000', reason: 'scam' })).statusCode).toBe(404);
    expect((await api().inject({ method: 'POST', url: '/reports', payload: { carId, reason: 'scam' } })).statusCode).toBe(401);
    // A seller may report another seller's listing too.
    expect((await reportCar(await api().account('Seller'), { carId, reason: 'wrongDetails' })).statusCode).toBe(201);

    const queue = await api().inject({ method: 'GET', url: '/admin/reports', headers: admin.auth });
    expect(queue.statusCode).toBe(200);
    expect(queue.json<Report[]>().filter((entry) => entry.carId === carId)).toEqual([
      expect.objectContaining({ reason: 'wrongDetails', carName: 'Audi R8 too cheap', hidden: false }),
      expect.objectContaining({ reason: 'scam', text: 'Asks for a wire transfer — «urgent»', reporterName: 'Rita Reporter', categoryName: 'audi' }),
    ]);
    expect((await api().inject({ method: 'GET', url: '/admin/reports', headers: buyer.auth })).statusCode).toBe(403);
    expect(await api().db.select().from(reports).where(eq(reports.carId, carId))).toHaveLength(2);
  });

  it("refuses a seller's report of their own listing, and queues nothing", async () => {
    const carId = await api().addCar(seller, { carName: 'Audi Q3 reported by its seller' });
    const own = await reportCar(seller, { carId, reason: 'scam', text: 'Bury my rival listings instead' });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ message: 'This is your own listing: you cannot report it. Edit or withdraw it on My Products' });
    expect(await api().db.select().from(reports).where(eq(reports.carId, carId))).toEqual([]);
  });

  it('hides a listing from every list with a reason, tells the seller and booked buyers, and restores it', async () => {
    const carId = await api().addCar(seller, { carName: 'Audi S5 stolen photos' });
    expect((await api().book(buyer, carId)).statusCode).toBe(201);
    const hidden = await act(`/admin/cars/${carId}/hide`, 'The photos belong to another dealer');
    expect(hidden.json()).toEqual({ message: 'Listing hidden' });
    expect((await act(`/admin/cars/${carId}/hide`, 'again')).statusCode).toBe(409);

    expect((await listed('stolen photos')).map((car) => car._id)).toEqual([]);
    const page = await api().inject({ method: 'GET', url: `${COLLECTION.audi}/${carId}` });
    expect(page.statusCode).toBe(410);
    expect(page.json()).toEqual({ message: GONE_NOTES.hidden, removed: 'hidden' });
    const own = (await api().inject({ method: 'GET', url: '/myAudi', headers: seller.auth })).json<CarResponse[]>();
    expect(own.find((car) => car._id === carId)).toMatchObject({ hiddenReason: 'The photos belong to another dealer' });
    const text = 'Audi S5 stolen photos was hidden by the moderators: The photos belong to another dealer';
    for (const who of [seller, buyer]) expect((await inbox(who)).items).toContainEqual(expect.objectContaining({ kind: 'listingHidden', carId, text }));
    expect((await api().inject({ method: 'PATCH', url: `${COLLECTION.audi}/${carId}`, headers: seller.auth, payload: { details: 'x' } })).statusCode).toBe(409);

    expect((await act(`/admin/cars/${carId}/restore`, 'The dealer sent proof')).statusCode).toBe(200);
    expect((await listed('stolen photos')).map((car) => car._id)).toEqual([carId]);
    expect((await act(`/admin/cars/${carId}/restore`, 'again')).statusCode).toBe(409);
    expect((await act(`/admin/cars/${carId}/hide`, 'x', seller)).statusCode).toBe(403);
  });

  it('suspends a seller: listings hidden, no new listings or photos, told why; reinstating shows them again', async () => {
    const bad = await api().account('Seller', 'Bad Seller');
    const carId = await api().addCar(bad, { carName: 'Audi A6 suspended seller' });
    expect((await act(`/admin/users/${bad.id}/suspend`, 'Fake listings reported by buyers')).json()).toEqual({ message: 'Seller suspended' });
    expect((await listed('suspended seller')).map((car) => car._id)).toEqual([]);

    const refused = await api().inject({ method: 'POST', url: COLLECTION.audi, headers: bad.auth, payload: sampleCar() });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Your seller account is suspended: Fake listings reported by buyers' });
    expect((await api().inject({ method: 'PATCH', url: `${COLLECTION.audi}/${carId}`, headers: bad.auth, payload: { details: 'x' } })).statusCode).toBe(403);
    const me = await api().inject({ method: 'GET', url: `/users?email=${encodeURIComponent(bad.email)}`, headers: bad.auth });
    expect(me.json()).toEqual([expect.objectContaining({ suspendedReason: 'Fake listings reported by buyers' })]);
    expect((await inbox(bad)).items).toContainEqual(
      expect.objectContaining({ kind: 'accountSuspended', text: 'Your seller account was suspended: Fake listings reported by buyers' }),
    );
    // Any account but an admin's can be suspended (a buyer who abuses messages); an admin's cannot.
    const admins = await act(`/admin/users/${admin.id}/suspend`, 'x');
    expect({ status: admins.statusCode, body: admins.json() }).toEqual({ status: 409, body: { message: 'Admin accounts cannot be suspended' } });

    expect((await act(`/admin/users/${bad.id}/reinstate`, 'Cleared after review')).statusCode).toBe(200);
    expect((await listed('suspended seller')).map((car) => car._id)).toEqual([carId]);
    expect((await api().inject({ method: 'POST', url: COLLECTION.audi, headers: bad.auth, payload: sampleCar() })).statusCode).toBe(201);
    const after = await api().inject({ method: 'GET', url: `/users?email=${encodeURIComponent(bad.email)}`, headers: bad.auth });
    expect(after.json()[0]).not.toHaveProperty('suspendedReason');
  });

  it('writes every act to the audit log the admin reads: who, when, what, why', async () => {
    const target = await api().account('Seller', 'Audited Seller');
    await act(`/admin/users/${target.id}/suspend`, 'Spam');
    await act(`/admin/users/${target.id}/reinstate`, 'Appeal accepted');
    const log = await api().inject({ method: 'GET', url: '/admin/audit-log', headers: admin.auth });
    expect(log.statusCode).toBe(200);
    expect(log.json<AuditEntry[]>().filter((entry) => entry.targetId === target.id)).toEqual([
      {
        _id: expect.any(String),
        actorName: 'Ada Admin',
        action: 'reinstateSeller',
        targetId: target.id,
        targetName: 'Audited Seller',
        reason: 'Appeal accepted',
        at: expect.any(String),
      },
      {
        _id: expect.any(String),
        actorName: 'Ada Admin',
        action: 'suspendSeller',
        targetId: target.id,
        targetName: 'Audited Seller',
        reason: 'Spam',
        at: expect.any(String),
      },
    ]);
    expect((await api().inject({ method: 'GET', url: '/admin/audit-log', headers: target.auth })).statusCode).toBe(403);
    expect(await api().db.select().from(auditLog).where(eq(auditLog.targetId, target.id))).toHaveLength(2);
  });
});
