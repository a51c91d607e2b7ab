/**
 * npm run bench:alerts -w api
 * 10,000 saved searches of 1,000 buyers (a mix of brands, price ranges, years, places and text),
 * then a new car is matched against them and its notifications and mails are written: one
 * statement (features/alerts/matching.ts), timed RUNS times, on PGlite and on PostgreSQL (a
 * throwaway server from scripts/pg-throwaway.sh on PG_THROWAWAY_PORT). Prints median and p95.
 * BENCH_DRIVERS=pglite|postgres picks one; BENCH_DATABASE_URL uses an existing server instead.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { REPO_ROOT } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { matchNewCar } from '../src/features/alerts/matching';

const SEARCHES = 10_000;
const BUYERS = 1_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const GOAL_MS = 200;
const PG_PORT = process.env.PG_THROWAWAY_PORT ?? '55432';
const pgScript = path.join(REPO_ROOT, 'scripts/pg-throwaway.sh');
const DRIVERS = (process.env.BENCH_DRIVERS ?? 'pglite,postgres').split(',');

/** Buyers, a seller and the saved searches, in three statements: the set-up is not what is measured. */
async function seed(database: Database): Promise<string> {
  const { db } = database;
  await db.execute(
    sql`INSERT INTO users (name, email, role) SELECT 'Buyer ' || n, 'buyer' || n || '@bench.test', 'Buyer' FROM generate_series(1, ${BUYERS}) n`,
  );
  await db.execute(sql`INSERT INTO users (name, email, role) VALUES ('Bench Seller', 'seller@bench.test', 'Seller')`);
  // Every fifth search matches the measured car (a Honda Civic in Austin at $18,500), the rest miss it on one filter or another.
  // Words are kept as the lists read them (features/cars/words.ts), a year as the year facet's one pick.
  await db.execute(sql`INSERT INTO saved_searches (user_id, name, category, q, words, min_price, max_price, facets, location)
    SELECT u.id, 'Search ' || n, category, q,
      CASE WHEN q IS NOT NULL THEN jsonb_build_object('query', websearch_to_tsquery('english', q)::text, 'contains', '[]'::jsonb) END,
      CASE WHEN n % 2 = 0 THEN (n % 30) * 1000 END,
      CASE WHEN n % 3 = 1 THEN 10000 + (n % 40) * 1000 END,
      CASE WHEN n % 7 = 0 THEN jsonb_build_object('year', jsonb_build_array((2015 + n % 8)::text)) END,
      CASE WHEN n % 5 = 0 THEN (ARRAY['austin', 'denver', 'boston'])[1 + n % 3] END
    FROM generate_series(1, ${SEARCHES}) n
    CROSS JOIN LATERAL (SELECT (ARRAY['honda', 'audi', 'mercedes'])[1 + n % 3] AS category,
                               CASE WHEN n % 4 = 0 THEN (ARRAY['civic', 'accord', 'cr-v', 'fit'])[1 + (n / 4) % 4] END AS q) AS picked
    JOIN users u ON u.email = 'buyer' || (1 + n % ${BUYERS}) || '@bench.test'`);
  const { rows } = (await db.execute(sql`SELECT id FROM users WHERE email = 'seller@bench.test'`)) as unknown as { rows: { id: string }[] };
  return rows[0]!.id;
}

async function newCar(database: Database, sellerId: string, run: number): Promise<{ id: string; carName: string; currentPrice: number }> {
  const carName = `Honda Civic EX ${run}`;
  const { rows } = (await database.db
    .execute(sql`INSERT INTO cars (category, car_name, img, current_price, price, purchase_year, condition, contact, details, location, used, seller_name, seller_id, time)
    VALUES ('honda', ${carName}, '/images/cars/sedan-blue.svg', 18500, 24000, '2019', 'Good', '555', 'One owner', 'Austin, TX', '5 years', 'Bench Seller', ${sellerId}::uuid, '2024-01-01')
    RETURNING id`)) as unknown as { rows: { id: string }[] };
  return { id: rows[0]!.id, carName, currentPrice: 18_500 };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function measure(driver: string, database: Database): Promise<void> {
  await database.migrate();
  const sellerId = await seed(database);
  const times: number[] = [];
  let written = 0;
  for (let run = 0; run < RUNS + 3; run += 1) {
    const car = await newCar(database, sellerId, run);
    const started = performance.now();
    const count = await database.db.transaction((tx) => matchNewCar(tx, car));
    const ms = performance.now() - started;
    // The first runs warm the caches and plans; they are not counted.
    if (run >= 3) {
      times.push(ms);
      written = count;
    }
  }
  times.sort((a, b) => a - b);
  const median = percentile(times, 50);
  const p95 = percentile(times, 95);
  console.log(
    `${driver.padEnd(8)} ${SEARCHES.toLocaleString('en-US')} saved searches, ${written} notifications per car: ` +
      `median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (${RUNS} cars; goal ≤ ${GOAL_MS} ms on PostgreSQL: ${driver === 'postgres' ? (median <= GOAL_MS ? 'met' : 'not met') : 'n/a'})`,
  );
}

async function main(): Promise<void> {
  for (const driver of DRIVERS) {
    if (driver === 'pglite') {
      const database = openDatabase({});
      try {
        await measure('pglite', database);
      } finally {
        await database.close();
      }
    } else {
      const url = process.env.BENCH_DATABASE_URL ?? execFileSync(pgScript, ['start', PG_PORT], { encoding: 'utf8' }).trim();
      const database = openDatabase({ url });
      try {
        await measure('postgres', database);
      } finally {
        await database.close();
        if (!process.env.BENCH_DATABASE_URL) execFileSync(pgScript, ['stop', PG_PORT]);
      }
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
