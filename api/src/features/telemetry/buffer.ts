import { lt, sql } from 'drizzle-orm';
import type { TelemetryEvent } from '@usedcars/shared-contract/telemetry';
import type { Db } from '../../db/client';
import { telemetryMinutes } from '../../db/schema';
import { ErrorGroups } from './error-groups';
import { bucketOf, emptyBuckets } from './histogram';
import { NetworkCounts } from './network-counts';

export interface TelemetrySettings {
  /** Days of per-minute rows kept; older ones are deleted. */
  retentionDays: number;
  /** Batches without a valid page token one client address may send per minute (a page's token and a render server's are not limited by address). */
  batchesPerMinute: number;
  /** How often each API instance writes what it added up. */
  flushMs: number;
  /** The render servers' token (TELEMETRY_TOKEN): their counts come with it, and pages' tokens are signed with a key derived from it. Without it nothing is counted. */
  serverToken?: string;
}

export const defaultTelemetrySettings: TelemetrySettings = { retentionDays: 14, batchesPerMinute: 30, flushMs: 5_000 };

interface Row {
  minute: Date;
  remote: string;
  release: string;
  metric: string;
  count: number;
  sum: number;
  buckets: number[] | null;
}

/** Distinct rows held between writes at most: past it a batch's new rows are dropped, never memory. */
const MAX_ROWS = 5_000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The metric an event adds to, and the value it measures (none for a plain count); a render error is grouped only (its render counts as a fallback). */
function metricOf(event: TelemetryEvent): { metric: string; value?: number; count: number } | null {
  switch (event.type) {
    case 'view':
      return { metric: 'view', count: 1 };
    case 'error':
      return { metric: `error:${event.kind}`, count: 1 };
    case 'vital':
      return { metric: event.name, value: event.name === 'CLS' ? event.value * 1000 : event.value, count: 1 };
    case 'render':
      return { metric: event.outcome === 'rendered' ? 'render:rendered' : `render:browser:${event.reason || 'error'}`, value: event.ms, count: event.count };
    case 'served':
      return { metric: 'served', count: event.count };
    case 'render_error':
      return null;
  }
}

/**
 * Events added up in memory per minute, remote, release and metric, and written every few
 * seconds as one upsert: a visitor's batch costs the API no database write of its own, so a
 * flood slows nothing else (docs/operations.md, "Telemetry").
 */
export class TelemetryBuffer {
  private rows = new Map<string, Row>();
  private readonly errorGroups = new ErrorGroups();
  private readonly networks = new NetworkCounts();
  private lastPrune = 0;

  constructor(
    private readonly db: Db,
    private readonly settings: TelemetrySettings,
    private readonly clock: () => Date,
  ) {}

  /**
   * Adds the events up, errors into their groups too, and a page's under its visitor network
   * (`network`, none for a render server's); returns those it held (the rest: the buffer is full
   * until the next write).
   */
  add<T extends TelemetryEvent>(events: readonly T[], network?: string): T[] {
    const held: T[] = [];
    const at = this.clock();
    const minute = new Date(at.getTime() - (at.getTime() % MINUTE));
    for (const event of events) {
      const added = metricOf(event);
      if (added && !this.addToRow(minute, event, added)) continue;
      if (event.type === 'error' || event.type === 'render_error') this.errorGroups.add(event, at, network);
      if (network && (event.type === 'view' || event.type === 'error' || event.type === 'vital')) this.networks.add(network, event, at);
      held.push(event);
    }
    return held;
  }

  private addToRow(minute: Date, event: TelemetryEvent, { metric, value, count }: NonNullable<ReturnType<typeof metricOf>>): boolean {
    const key = `${minute.getTime()}|${event.remote}|${event.release}|${metric}`;
    let row = this.rows.get(key);
    if (!row) {
      if (this.rows.size >= MAX_ROWS) return false;
      row = { minute, remote: event.remote, release: event.release, metric, count: 0, sum: 0, buckets: value === undefined ? null : emptyBuckets() };
      this.rows.set(key, row);
    }
    row.count += count;
    if (value !== undefined && row.buckets) {
      row.sum += value * count;
      row.buckets[bucketOf(value)]! += count;
    }
    return true;
  }

  /** Writes what was added up since the last write (adding to rows other instances wrote), and prunes about once an hour. */
  async flush(): Promise<void> {
    const rows = [...this.rows.values()];
    this.rows = new Map();
    if (rows.length > 0) {
      const t = telemetryMinutes;
      await this.db
        .insert(t)
        .values(rows)
        .onConflictDoUpdate({
          target: [t.remote, t.minute, t.release, t.metric],
          set: {
            count: sql`${t.count} + excluded.count`,
            sum: sql`${t.sum} + excluded.sum`,
            buckets: sql`case when ${t.buckets} is null then excluded.buckets else (
              select array_agg(coalesce(a, 0) + coalesce(b, 0) order by i) from unnest(${t.buckets}, excluded.buckets) with ordinality as u(a, b, i)
            ) end`,
          },
        });
    }
    await this.networks.write(this.db);
    await this.errorGroups.write(this.db);
    await this.prune();
  }

  private async prune(): Promise<void> {
    const now = this.clock().getTime();
    if (now - this.lastPrune < HOUR) return;
    this.lastPrune = now;
    const before = new Date(now - this.settings.retentionDays * 24 * HOUR);
    await this.db.delete(telemetryMinutes).where(lt(telemetryMinutes.minute, before));
    await this.errorGroups.prune(this.db, before);
    await this.networks.prune(this.db, before);
  }

  /** Writes every flushMs until stopped; a failed write is logged and its rows lost (they are health numbers, not data). */
  start(log: (error: unknown) => void): () => Promise<void> {
    const timer = setInterval(() => void this.flush().catch(log), this.settings.flushMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await this.flush().catch(log);
    };
  }
}
