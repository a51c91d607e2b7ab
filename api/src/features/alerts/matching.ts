import { type SQL, sql } from 'drizzle-orm';
import { CATEGORIES, CATEGORY_PATHS, FACET_NAMES } from '@usedcars/shared-contract';
import { formatPrice } from '@usedcars/shared-contract/money';
import type { Db } from '../../db/client';
import { cars } from '../../db/schema';
import { FACETS } from '../cars/facets';
import { searchText } from '../cars/words';

/**
 * Alert matching runs in the database: one statement per new car or price drop finds every saved
 * search (and, for a drop, every saver) it concerns, writes their notifications and queues their
 * mails. The unique index notifications_once_idx makes each event once per person, car and key.
 */

type Tx = Pick<Db, 'execute'>;

/** A saved search's text used inside ILIKE is literal, as the brand list's own filters are (cars/list-query.ts). */
const literal = (column: SQL) => sql`replace(replace(replace(${column}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;

/** Each facet's picks of the search `s` (a JSON list, or true for "price dropped") against the car's own option (cars/facets.ts). */
const facetsMatchCar = sql.join(
  FACET_NAMES.map((name) => {
    const picked = sql.raw(`s.facets->'${name}'`);
    return name === 'priceDropped'
      ? sql`(coalesce((${picked})::boolean, false) = false OR ${cars.priceDropped})`
      : sql`(${picked} IS NULL OR ${picked} @> to_jsonb(${FACETS[name].value}))`;
  }),
  sql` AND `,
);

/** The lists' filters (cars/list-query.ts whereOf), read from a saved search `s` against the car. */
const searchMatchesCar = sql`(s.category IS NULL OR s.category = ${cars.category})
  AND (s.min_price IS NULL OR ${cars.currentPrice} >= s.min_price)
  AND (s.max_price IS NULL OR ${cars.currentPrice} <= s.max_price)
  AND (s.location IS NULL OR ${cars.location} ILIKE '%' || ${literal(sql`s.location`)} || '%')
  AND (s.words->>'query' IS NULL OR ${cars.search} @@ (s.words->>'query')::tsquery)
  AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements_text(coalesce(s.words->'contains', '[]')) AS w(symbol)
    WHERE ${searchText} NOT ILIKE '%' || ${literal(sql`w.symbol`)} || '%')
  AND ${facetsMatchCar}
  AND s.user_id IS DISTINCT FROM ${cars.sellerId}`;

/** The car, if people can still buy it: not ended, sold or hidden. */
const listedCar = (carId: string) => sql`${cars.id} = ${carId}::uuid AND ${cars.status} IN ('available', 'booked') AND ${cars.hiddenBy} IS NULL`;

/** The car's page on the site, as CATEGORY_PATHS names it. */
const carPage = sql.raw(
  `CASE c.category ${CATEGORIES.map((category) => `WHEN '${category}' THEN '${CATEGORY_PATHS[category].detailRoute}/'`).join(' ')} END || c.id`,
);

/** Queues one mail per new notification whose person takes alert mails; the sender adds the site's address and the unsubscribe link. */
const queueMails = (subject: string, carId: string) => sql`INSERT INTO mail_outbox (user_id, "to", subject, body, link, message_id)
  SELECT n.user_id, u.email, ${subject}, n.text, ${carPage}, '<alert-' || n.id || '@usedcars.local>'
  FROM inserted n JOIN users u ON u.id = n.user_id, cars c
  WHERE u.email_alerts AND c.id = ${carId}::uuid`;

function countOf(result: unknown): number {
  const rows = (result as { rows?: unknown[] }).rows ?? (result as unknown[]);
  const row = rows[0] as { count?: number | string } | undefined;
  return Number(row?.count ?? 0);
}

/** A new car: one notification per matching saved search. Returns how many were written. */
export async function matchNewCar(db: Tx, car: { id: string; carName: string; currentPrice: number }): Promise<number> {
  const text = sql`'New match for "' || s.name || '": ' || ${car.carName} || ' at ' || ${formatPrice(car.currentPrice)}`;
  const result = await db.execute(sql`WITH inserted AS (
      INSERT INTO notifications (user_id, car_id, kind, key, text)
      SELECT s.user_id, ${cars.id}, 'newMatch', 'match:' || s.id, ${text}
      FROM saved_searches s, cars WHERE ${listedCar(car.id)} AND ${searchMatchesCar}
      ON CONFLICT (user_id, car_id, key) DO NOTHING
      RETURNING id, user_id, text
    ),
    mailed AS (${queueMails('A new car matches your saved search', car.id)} RETURNING 1)
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
  const result = await db.execute(sql`WITH people AS (
      SELECT f.user_id FROM favourites f, cars WHERE ${listedCar(car.id)} AND f.car_id = ${cars.id} AND f.user_id IS DISTINCT FROM ${cars.sellerId}
      UNION
      SELECT s.user_id FROM saved_searches s, cars WHERE ${listedCar(car.id)} AND ${searchMatchesCar}
    ),
    inserted AS (
      INSERT INTO notifications (user_id, car_id, kind, key, text)
      SELECT p.user_id, ${car.id}::uuid, 'priceDrop', ${`drop:${car.to}`}, ${text} FROM people p
      ON CONFLICT (user_id, car_id, key) DO NOTHING
      RETURNING id, user_id, text
    ),
    mailed AS (${queueMails('A car you follow is cheaper', car.id)} RETURNING 1)
    SELECT count(*)::int AS count FROM inserted`);
  return countOf(result);
}
