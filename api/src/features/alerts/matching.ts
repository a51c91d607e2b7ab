import { type SQL, sql } from 'drizzle-orm';
import { CATEGORIES, CATEGORY_PATHS } from '@usedcars/shared-contract';
import { formatPrice } from '@usedcars/shared-contract/money';
import type { Db } from '../../db/client';

/**
 * Alert matching runs in the database: one statement per new car or price drop finds every saved
 * search (and, for a drop, every saver) it concerns, writes their notifications and queues their
 * mails. The unique index notifications_once_idx makes each event once per person, car and key.
 */

type Tx = Pick<Db, 'execute'>;

/** A saved search's text used inside ILIKE is literal, as the brand list's own filters are (cars/list-query.ts). */
const literal = (column: SQL) => sql`replace(replace(replace(${column}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;

/** The brand list's filters (cars/list-query.ts whereOf), read from a saved search `s` against the car `c`. */
const searchMatchesCar = sql`s.category = c.category
  AND (s.min_price IS NULL OR c.current_price >= s.min_price)
  AND (s.max_price IS NULL OR c.current_price <= s.max_price)
  AND (s.year IS NULL OR s.year = c.purchase_year)
  AND (s.location IS NULL OR c.location ILIKE '%' || ${literal(sql`s.location`)} || '%')
  AND (s.q IS NULL OR (c.car_name || ' ' || c.details || ' ' || c.location) ILIKE '%' || ${literal(sql`s.q`)} || '%')
  AND s.user_id IS DISTINCT FROM c.seller_id`;

/** A car people can still buy: not ended, sold or hidden. */
const listedCar = (carId: string) => sql`SELECT * FROM cars WHERE id = ${carId}::uuid AND status IN ('available', 'booked') AND hidden_by IS NULL`;

/** The car's page on the site, as CATEGORY_PATHS names it. */
const carPage = sql.raw(
  `CASE c.category ${CATEGORIES.map((category) => `WHEN '${category}' THEN '${CATEGORY_PATHS[category].detailRoute}/'`).join(' ')} END || c.id`,
);

/** Queues one mail per new notification whose person takes alert mails; the sender adds the site's address and the unsubscribe link. */
const queueMails = (subject: string) => sql`INSERT INTO mail_outbox (user_id, "to", subject, body, link, message_id)
  SELECT n.user_id, u.email, ${subject}, n.text, ${carPage}, '<alert-' || n.id || '@usedcars.local>'
  FROM inserted n JOIN users u ON u.id = n.user_id, c
  WHERE u.email_alerts`;

function countOf(result: unknown): number {
  const rows = (result as { rows?: unknown[] }).rows ?? (result as unknown[]);
  const row = rows[0] as { count?: number | string } | undefined;
  return Number(row?.count ?? 0);
}

/** A new car: one notification per matching saved search. Answers how many were written. */
export async function matchNewCar(db: Tx, car: { id: string; carName: string; currentPrice: number }): Promise<number> {
  const text = sql`'New match for "' || s.name || '": ' || ${car.carName} || ' at ' || ${formatPrice(car.currentPrice)}`;
  const result = await db.execute(sql`WITH c AS (${listedCar(car.id)}),
    inserted AS (
      INSERT INTO notifications (user_id, car_id, kind, key, text)
      SELECT s.user_id, c.id, 'newMatch', 'match:' || s.id, ${text}
      FROM saved_searches s, c WHERE ${searchMatchesCar}
      ON CONFLICT (user_id, car_id, key) DO NOTHING
      RETURNING id, user_id, text
    ),
    mailed AS (${queueMails('A new car matches your saved search')} RETURNING 1)
    SELECT count(*)::int AS count FROM inserted`);
  return countOf(result);
}

/**
 * A lower price: everyone who saved the car or whose saved search matches it at the new price,
 * once per person and price (a saver whose search matches too is told once).
 */
export async function matchPriceDrop(db: Tx, car: { id: string; carName: string; from: number; to: number }): Promise<number> {
  if (car.to >= car.from) return 0;
  const text = `Price dropped ${formatPrice(car.from - car.to)}: ${car.carName} is now ${formatPrice(car.to)}`;
  const result = await db.execute(sql`WITH c AS (${listedCar(car.id)}),
    people AS (
      SELECT f.user_id FROM favourites f, c WHERE f.car_id = c.id AND f.user_id IS DISTINCT FROM c.seller_id
      UNION
      SELECT s.user_id FROM saved_searches s, c WHERE ${searchMatchesCar}
    ),
    inserted AS (
      INSERT INTO notifications (user_id, car_id, kind, key, text)
      SELECT p.user_id, c.id, 'priceDrop', ${`drop:${car.to}`}, ${text} FROM people p, c
      ON CONFLICT (user_id, car_id, key) DO NOTHING
      RETURNING id, user_id, text
    ),
    mailed AS (${queueMails('A car you follow is cheaper')} RETURNING 1)
    SELECT count(*)::int AS count FROM inserted`);
  return countOf(result);
}
