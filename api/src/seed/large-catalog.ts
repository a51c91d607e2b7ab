import { sql } from 'drizzle-orm';
import { CATEGORIES, type Category } from '@usedcars/shared-contract';
import type { Db } from '../db/client';
import { PAINT_NAMES, carImagePath } from './car-art';
import { CITIES, CONDITIONS, DETAILS, MODELS } from './demo-data';
import { DEMO_SELLERS, ensureDemoUsers, sellersOf } from './demo-users';
import { wipeCatalog } from './seed';

/** A large catalog for benchmarks, `perBrand` cars a brand, made inside the database (INSERT … SELECT over generate_series), which beats any client-side batching. */
export async function seedLargeCatalog(db: Db, perBrand: number, categories: readonly Category[] = CATEGORIES): Promise<void> {
  await wipeCatalog(db);
  const sellers = sellersOf(await ensureDemoUsers(db, DEMO_SELLERS));
  const thisYear = new Date().getFullYear();
  for (const category of categories) {
    const models = JSON.stringify(
      MODELS[category].map((model, index) => ({ ...model, img: carImagePath(model.style, PAINT_NAMES[index % PAINT_NAMES.length]!) })),
    );
    await db.execute(sql`
      insert into cars (category, car_name, img, current_price, price, purchase_year, condition, contact, details,
                        location, used, seller_name, seller_id, time, created_at)
      select ${category}, m->>'name', m->>'img',
             round((m->>'msrp')::numeric * (0.3 + (g % 61) / 100.0), -2), (m->>'msrp')::numeric,
             (${thisYear - 12} + g % 12)::text,
             ${sql.raw(`(array[${CONDITIONS.map((c) => `'${c}'`).join(',')}])`)}[1 + g % ${CONDITIONS.length}],
             '+1 (415) 555-0' || (100 + g % 900),
             ${JSON.stringify(DETAILS)}::jsonb->>(g % ${DETAILS.length}),
             ${JSON.stringify(CITIES)}::jsonb->>(g % ${CITIES.length}),
             (12 - g % 12) || ' years',
             s->>'name', (s->>'id')::uuid,
             current_date - (g % 365), now() - g * interval '1 minute'
      from generate_series(1, ${perBrand}::int) as g
      cross join lateral (select ${models}::jsonb->(g % ${MODELS[category].length}) as m,
                                 ${JSON.stringify(sellers)}::jsonb->(g % ${sellers.length}) as s) as picked`);
  }
  await db.execute(sql`analyze cars`);
}
