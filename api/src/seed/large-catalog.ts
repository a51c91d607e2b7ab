import { sql } from 'drizzle-orm';
import { CATEGORIES, type Category, type MileageUnit } from '@usedcars/shared-contract';
import type { Db } from '../db/client';
import { Market } from '../features/market/service';
import { PAINT_NAMES, carImagePath } from './car-art';
import { BODY_OF_STYLE, CITIES, COLOUR_OF_PAINT, CONDITIONS, DETAILS, FUEL_MIX, MODELS } from './demo-data';
import { wipeCatalog } from './seed';

/** Sellers of the large catalog: a market of many, so each car has other sellers' cars to be rated against. */
const BENCH_SELLERS = 200;
const PER_YEAR: Record<MileageUnit, number> = { mi: 12_000, km: 19_000 };

/** The bench sellers (bench-seller-N@usedcars.test, who cannot sign in), made once. */
async function benchSellers(db: Db): Promise<void> {
  await db.execute(sql`INSERT INTO users (name, email, role)
    SELECT 'Bench Seller ' || n, 'bench-seller-' || n || '@usedcars.test', 'Seller' FROM generate_series(1, ${BENCH_SELLERS}::int) AS n
    ON CONFLICT (email) DO NOTHING`);
}

/** A 0–1 chance per car and purpose, the same on every run: PostgreSQL's own integer hash of the car's number. */
const chance = (salt: number) => sql.raw(`((hashint4(g * 16 + ${salt})::bigint + 2147483648) / 4294967296.0)`);

/**
 * A large catalog for benchmarks, `perBrand` cars a brand, made inside the database (INSERT …
 * SELECT over generate_series), which beats any client-side batching. Spread as the demo's are:
 * twelve model years, mileage that follows age, each brand's fuel mix, prices that follow age and
 * mileage with a spread either side; then every car is rated against the others.
 */
export async function seedLargeCatalog(db: Db, perBrand: number, categories: readonly Category[] = CATEGORIES, unit: MileageUnit = 'mi'): Promise<void> {
  await wipeCatalog(db);
  await benchSellers(db);
  const thisYear = new Date().getFullYear();
  for (const category of categories) {
    const models = JSON.stringify(
      MODELS[category].map((model, index) => {
        const paint = PAINT_NAMES[index % PAINT_NAMES.length]!;
        return { ...model, img: carImagePath(model.style, paint), body: BODY_OF_STYLE[model.style], colour: COLOUR_OF_PAINT[paint] };
      }),
    );
    const [petrol, diesel, hybrid] = FUEL_MIX[category];
    await db.execute(sql`
      insert into cars (category, car_name, img, current_price, price, purchase_year, condition, contact, details,
                        location, used, seller_name, seller_id, time, created_at, mileage, fuel, gearbox, body, colour, previous_owners)
      select ${category}, m->>'name', m->>'img',
             greatest(500, round((m->>'msrp')::numeric * power(0.88, age) * (1.1 - mileage_chance * 0.2) * (0.82 + ${chance(1)} * 0.36), -2)),
             (m->>'msrp')::numeric,
             (${thisYear} - age)::text,
             ${sql.raw(`(array[${CONDITIONS.map((c) => `'${c}'`).join(',')}])`)}[1 + g % ${CONDITIONS.length}],
             '+1 (415) 555-0' || (100 + g % 900),
             ${JSON.stringify(DETAILS)}::jsonb->>(g % ${DETAILS.length}),
             ${JSON.stringify(CITIES)}::jsonb->>(g % ${CITIES.length}),
             age || ' years',
             s.name, s.id,
             current_date - (g % 365), now() - g * interval '1 minute',
             round(greatest(age, 0.5) * ${PER_YEAR[unit]} * (0.75 + mileage_chance * 0.5), -2)::int,
             case when m->>'name' ilike '%hybrid%' then 'hybrid'
                  when fuel_chance < ${petrol} then 'petrol' when fuel_chance < ${petrol + diesel} then 'diesel'
                  when fuel_chance < ${petrol + diesel + hybrid} then 'hybrid' else 'electric' end,
             case when ${chance(2)} < 0.15 then 'manual' else 'automatic' end,
             m->>'body', m->>'colour',
             1 + floor(age * (0.5 + ${chance(3)}) / 4)::int
      from generate_series(1, ${perBrand}::int) as g
      cross join lateral (select ${models}::jsonb->(g % ${MODELS[category].length}) as m,
                                 1 + (g / ${MODELS[category].length}) % 12 as age, ${chance(4)} as mileage_chance, ${chance(5)} as fuel_chance) as picked
      join lateral (select id, name from users where email = 'bench-seller-' || (1 + (g * 31) % ${BENCH_SELLERS}) || '@usedcars.test') as s on true`);
  }
  await new Market(db).settle();
  // Vacuumed once rated, so the facet counts read the narrow cars_facets_idx alone (index-only), as autovacuum lets them on a running site.
  await db.execute(sql`vacuum analyze cars`);
}
