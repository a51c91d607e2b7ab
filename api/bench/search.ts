/**
 * npm run bench:search -w api (also the end of npm run bench -w api)
 * The search across brands at BENCH_SEARCH_CARS cars per brand (100,000 by default, 300,000 in
 * all: npm run seed's --cars), seeded as that command seeds them and every car rated: queries of
 * three filters each (words, facets, a price band), their facet counts and their first page,
 * asked as the API asks its database (features/search/service.ts, caching off), each RUNS times,
 * on PostgreSQL (a throwaway server from scripts/pg-throwaway.sh on PG_THROWAWAY_PORT) and on
 * PGlite beside it. Prints median and p95. BENCH_DRIVERS=postgres|pglite picks one;
 * BENCH_DATABASE_URL uses an existing server instead, and with BENCH_SEARCH_SEEDED=1 the cars an
 * earlier run seeded there (migrated, vacuumed and measured again, not seeded: that takes minutes).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { SearchQuery } from '@usedcars/shared-contract';
import { REPO_ROOT } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { PhotoService } from '../src/features/photos/service';
import { storageFromSettings } from '../src/features/photos/storage';
import { Search } from '../src/features/search/service';
import { seedLargeCatalog } from '../src/seed/large-catalog';

const PER_BRAND = Number(process.env.BENCH_SEARCH_CARS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const GOAL_MS = 50;
const PG_PORT = process.env.PG_THROWAWAY_PORT ?? '55432';
const pgScript = path.join(REPO_ROOT, 'scripts/pg-throwaway.sh');
const DRIVERS = (process.env.BENCH_DRIVERS ?? 'postgres,pglite').split(',');
/** Memory for 300,000 cars' rows and indexes, as production's server has (docs/operate-production.md, "The database's memory"). */
const PG_MEMORY = '-c shared_buffers=1GB -c work_mem=16MB -c effective_cache_size=4GB';

/** What buyers ask: three filters each, across the facets, with and without words. */
const QUERIES: SearchQuery[] = [
  { q: 'civic', fuel: ['petrol'], price: ['10000-15000'] },
  { brand: ['audi'], body: ['suv'], mileage: ['30000-60000'] },
  { q: 'mercedes', year: ['2019', '2020'], deal: ['great', 'good'] },
  { brand: ['honda'], gearbox: ['manual'], city: ['Austin, TX'] },
  { q: 'tfsi quattro', fuel: ['diesel', 'hybrid'], priceDropped: true },
  { brand: ['mercedes', 'audi'], price: ['20000-30000'], mileage: ['60000-100000'] },
];

interface Timings {
  facets: number[];
  /** The facet counts of the queries without words, which read facet_counts, and of those with. */
  facetsByWords: { without: number[]; with: number[] };
  page: number[];
  /** Both at once, as the page's loader asks for them. */
  both: number[];
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95) };
};

async function time<T>(work: () => Promise<T>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function measure(driver: string, database: Database): Promise<Timings> {
  await database.migrate();
  const started = Date.now();
  const kept = process.env.BENCH_SEARCH_SEEDED === '1' && driver === 'postgres';
  if (kept) await database.db.execute(sql`vacuum analyze cars`);
  else await seedLargeCatalog(database.db, PER_BRAND);
  const [counted] = (
    (await database.db.execute(sql`SELECT count(*)::int AS cars, count(deal_rating)::int AS rated FROM cars`)) as unknown as {
      rows: { cars: number; rated: number }[];
    }
  ).rows;
  console.log(
    `${driver}: ${kept ? 'kept' : 'seeded and rated'} ${counted!.cars} cars (${counted!.rated} with a rating) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const photoDir = mkdtempSync(path.join(tmpdir(), 'usedcars-bench-photos-'));
  // Caching off: every query goes to the database, as the first visitor of an address does.
  const search = new Search(database.db, new PhotoService(database.db, storageFromSettings({ kind: 'folder', dir: photoDir }), 1), { pagesMs: 0, countsMs: 0 });
  const timings: Timings = { facets: [], facetsByWords: { without: [], with: [] }, page: [], both: [] };
  try {
    // A first round warms the caches of the database, as any running site's are.
    for (const query of QUERIES) await Promise.all([search.facets(query), search.page({ ...query, limit: 24 })]);
    for (let run = 0; run < RUNS; run++) {
      const query = QUERIES[run % QUERIES.length]!;
      const counted = await time(() => search.facets(query));
      timings.facets.push(counted);
      timings.facetsByWords[query.q ? 'with' : 'without'].push(counted);
      timings.page.push(await time(() => search.page({ ...query, limit: 24 })));
      timings.both.push(await time(() => Promise.all([search.facets(query), search.page({ ...query, limit: 24 })])));
    }
  } finally {
    rmSync(photoDir, { recursive: true, force: true });
  }
  return timings;
}

async function main(): Promise<void> {
  const results: [string, Timings][] = [];
  for (const driver of DRIVERS) {
    if (driver === 'postgres') {
      const url =
        process.env.BENCH_DATABASE_URL ??
        execFileSync('bash', [pgScript, 'start', PG_PORT], {
          encoding: 'utf8',
          env: { ...process.env, PG_EXTRA_OPTIONS: `${PG_MEMORY} ${process.env.PG_EXTRA_OPTIONS ?? ''}` },
        }).trim();
      const database = openDatabase({ url });
      try {
        results.push([driver, await measure(driver, database)]);
      } finally {
        await database.close();
        if (!process.env.BENCH_DATABASE_URL) execFileSync('bash', [pgScript, 'stop', PG_PORT]);
      }
    } else {
      const database = openDatabase({});
      try {
        results.push([driver, await measure(driver, database)]);
      } finally {
        await database.close();
      }
    }
  }
  console.log(`\nThe search at ${PER_BRAND.toLocaleString('en-US')} cars per brand, ${QUERIES.length} queries of three filters, ${RUNS} runs each; ms`);
  console.log('driver    asked                       median      p95');
  for (const [driver, timings] of results) {
    for (const [label, times] of [
      ['all facet counts', timings.facets],
      ['  of queries without words', timings.facetsByWords.without],
      ['  of queries with words', timings.facetsByWords.with],
      ['first page (24 cars)', timings.page],
      ['both at once (a loader)', timings.both],
    ] as const) {
      const { median, p95 } = stats(times);
      console.log(`${driver.padEnd(9)} ${label.padEnd(26)} ${median.toFixed(1).padStart(7)} ${p95.toFixed(1).padStart(8)}`);
    }
  }
  for (const [driver, timings] of results.filter(([driver]) => driver === 'postgres')) {
    const { p95 } = stats(timings.facets);
    console.log(`${p95 <= GOAL_MS ? 'PASS' : 'FAIL'} ${driver}: all facet counts of a three-filter query, p95 ${p95.toFixed(1)} ms (goal ≤ ${GOAL_MS} ms)`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
