import { and, eq, isNull } from 'drizzle-orm';
import { CAR_FACTS, type CarStatus, type CarUpdate, type Category, ORDER_MESSAGES, endedStatus, isListed } from '@usedcars/shared-contract';
import type { Db } from '../../db/client';
import { type CarRow, type UserRow, bookings, cars } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../http/errors';
import { matchPriceDrop } from '../alerts/matching';
import { notify } from '../alerts/service';

const ENDED_TEXT = {
  withdrawn: (carName: string) => `The seller withdrew ${carName}; your booking was cancelled.`,
  soldElsewhere: (carName: string) => `${carName} was sold elsewhere; your booking was cancelled.`,
} as const;

/**
 * PATCH /{collection}/{id}: the seller's own car, in one transaction with the car locked; a
 * refusal changes nothing. A lower price notifies savers and matching searches; ending the
 * listing cancels its (unpaid) bookings, keeping them, and tells each booked buyer.
 */
export async function updateCar(db: Db, seller: UserRow, category: Category, id: string, update: CarUpdate, now: Date): Promise<CarRow> {
  return db.transaction(async (tx) => {
    const [car] = await tx
      .select()
      .from(cars)
      .where(and(eq(cars.id, id), eq(cars.category, category)))
      .for('update');
    if (!car) throw notFound(`No ${category} car with id ${id}`);
    if (car.sellerId !== seller.id) throw forbidden('You can only change your own listings');
    if (car.hiddenBy) throw conflict(`This listing was hidden by the moderators and can't be changed: ${car.hiddenReason ?? ''}`.trim());
    const status = car.status as CarStatus;
    if (status === 'sold' && (update.currentPrice !== undefined || update.status !== undefined)) throw conflict(ORDER_MESSAGES.soldPriceFixed);
    if (status !== 'sold' && !isListed(status)) throw conflict(ORDER_MESSAGES.ended);

    const changes: Partial<CarRow> = {};
    for (const field of ['details', 'location', 'condition', ...CAR_FACTS] as const)
      if (update[field] !== undefined) Object.assign(changes, { [field]: update[field] });
    const newPrice = update.currentPrice !== undefined && update.currentPrice !== car.currentPrice ? update.currentPrice : undefined;
    if (newPrice !== undefined) {
      changes.currentPrice = newPrice;
      changes.priceHistory = [...car.priceHistory, { price: newPrice, at: now.toISOString() }];
    }
    if (update.status !== undefined) {
      const next = endedStatus(status, update.status);
      if (!next) throw conflict(ORDER_MESSAGES.ended);
      changes.status = next;
    }
    const [row] = Object.keys(changes).length > 0 ? await tx.update(cars).set(changes).where(eq(cars.id, car.id)).returning() : [car];

    if (update.status !== undefined) {
      // Only unpaid bookings exist on a car that is not sold: each is kept, cancelled with how the listing ended, and its buyer told.
      const cancelled = await tx
        .update(bookings)
        .set({ cancelledAt: now, cancelReason: update.status })
        .where(and(eq(bookings.carId, car.id), eq(bookings.paid, false), isNull(bookings.cancelReason)))
        .returning({ buyerId: bookings.buyerId });
      const text = ENDED_TEXT[update.status](car.carName);
      await notify(
        tx,
        cancelled.flatMap(({ buyerId }) =>
          buyerId
            ? [
                {
                  userId: buyerId,
                  carId: car.id,
                  category,
                  kind: 'listingEnded' as const,
                  key: 'ended',
                  text,
                  subject: 'A car you booked is no longer offered',
                },
              ]
            : [],
        ),
      );
    } else if (newPrice !== undefined && newPrice < car.currentPrice) {
      await matchPriceDrop(tx, { id: car.id, carName: row!.carName, from: car.currentPrice, to: newPrice });
    }
    return row!;
  });
}
