import { lt, sql } from 'drizzle-orm';
import { PAGE_TOKEN_ALLOWANCE } from '@usedcars/shared-contract/page-token';
import type { PageEvent } from '@usedcars/shared-contract/telemetry';
import type { Db } from '../../db/client';
import { telemetryNetworks } from '../../db/schema';

const HOUR = 60 * 60_000;
/** Rows held between writes at most: past it a new network's counts wait for no one, they are dropped. */
const MAX_ROWS = 20_000;

interface Row {
  remote: string;
  release: string;
  hour: Date;
  network: string;
  views: number;
  errors: number;
  lcp: number;
  inp: number;
}

const CAPS = { views: PAGE_TOKEN_ALLOWANCE.view, errors: PAGE_TOKEN_ALLOWANCE.error, lcp: PAGE_TOKEN_ALLOWANCE.LCP, inp: PAGE_TOKEN_ALLOWANCE.INP };

/** The column an event adds one to, if any. */
function columnOf(event: PageEvent): keyof typeof CAPS | null {
  if (event.type === 'view') return 'views';
  if (event.type === 'error') return 'errors';
  if (event.type === 'vital' && event.name === 'LCP') return 'lcp';
  if (event.type === 'vital' && event.name === 'INP') return 'inp';
  return null;
}

/**
 * Each network's page views, errors and vitals per release and hour (telemetry_networks), added up
 * between the telemetry's writes and written with them. Every count is capped at one visitor's
 * worth in the database itself, so however many API instances a network's reports reach, the verdict
 * reads one voice (docs/releases.md, "What is trusted and why").
 */
export class NetworkCounts {
  private rows = new Map<string, Row>();

  add(network: string, event: PageEvent, at: Date): void {
    const column = columnOf(event);
    if (!column) return;
    const hour = new Date(at.getTime() - (at.getTime() % HOUR));
    const key = `${hour.getTime()}|${event.remote}|${event.release}|${network}`;
    let row = this.rows.get(key);
    if (!row) {
      if (this.rows.size >= MAX_ROWS) return;
      row = { remote: event.remote, release: event.release, hour, network, views: 0, errors: 0, lcp: 0, inp: 0 };
      this.rows.set(key, row);
    }
    row[column] = Math.min(CAPS[column], row[column] + 1);
  }

  async write(db: Db): Promise<void> {
    const rows = [...this.rows.values()];
    this.rows = new Map();
    if (rows.length === 0) return;
    const t = telemetryNetworks;
    const capped = (column: keyof typeof CAPS) => sql`least(${CAPS[column]}, ${t[column]} + excluded.${sql.identifier(column)})`;
    await db
      .insert(t)
      .values(rows)
      .onConflictDoUpdate({
        target: [t.remote, t.release, t.hour, t.network],
        set: { views: capped('views'), errors: capped('errors'), lcp: capped('lcp'), inp: capped('inp') },
      });
  }

  async prune(db: Db, before: Date): Promise<void> {
    await db.delete(telemetryNetworks).where(lt(telemetryNetworks.hour, before));
  }
}
