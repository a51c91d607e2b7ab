import { isIPv4, isIPv6 } from 'node:net';
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { WriteLimitSettings } from '../../config';
import type { Db } from '../../db/client';
import { writeEvents } from '../../db/schema';
import { tooManyRequests } from '../../http/errors';

/** The writes that are limited, each counted per subject (an account, or a client address). */
export type LimitedWrite =
  'listing' | 'booking' | 'paymentIntent' | 'registration' | 'photo' | 'edit' | 'savedSearch' | 'favourite' | 'report' | 'message' | 'conversationReport';

const SETTING: Record<LimitedWrite, keyof Omit<WriteLimitSettings, 'windowMinutes'>> = {
  listing: 'listings',
  booking: 'bookings',
  paymentIntent: 'paymentIntents',
  registration: 'registrations',
  photo: 'photos',
  edit: 'edits',
  savedSearch: 'savedSearches',
  favourite: 'favourites',
  report: 'reports',
  message: 'messages',
  conversationReport: 'reports',
};

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** "hour", "2 hours", "30 minutes": the window as "in the last …" reads it. */
function windowText(minutes: number): string {
  if (minutes % 60 !== 0) return minutes === 1 ? 'minute' : plural(minutes, 'minute');
  return minutes === 60 ? 'hour' : plural(minutes / 60, 'hour');
}

/** Rounded up, so "in 12 minutes" is never too early. */
function waitText(seconds: number): string {
  if (seconds < 60) return plural(seconds, 'second');
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  const rest = minutes % 60;
  return `${plural(Math.floor(minutes / 60), 'hour')}${rest ? ` ${plural(rest, 'minute')}` : ''}`;
}

const MESSAGES: Record<LimitedWrite, (count: number, window: string, wait: string) => string> = {
  listing: (count, window, wait) => `You have listed ${plural(count, 'car')} in the last ${window}; you can list another in ${wait}.`,
  booking: (count, window, wait) => `You have booked ${plural(count, 'car')} in the last ${window}; you can book another in ${wait}.`,
  paymentIntent: (count, window, wait) => `You have started ${plural(count, 'card payment')} in the last ${window}; you can start another in ${wait}.`,
  registration: (count, window, wait) =>
    `${count === 1 ? '1 account has' : `${count} accounts have`} been registered from your network in the last ${window}; ` +
    `you can register another in ${wait}.`,
  photo: (count, window, wait) => `You have uploaded ${plural(count, 'photo')} in the last ${window}; you can upload another in ${wait}.`,
  edit: (count, window, wait) => `You have changed your listings ${plural(count, 'time')} in the last ${window}; you can change one again in ${wait}.`,
  savedSearch: (count, window, wait) => `You have saved ${plural(count, 'search', 'searches')} in the last ${window}; you can save another in ${wait}.`,
  favourite: (count, window, wait) => `You have saved ${plural(count, 'car')} in the last ${window}; you can save another in ${wait}.`,
  report: (count, window, wait) => `You have reported ${plural(count, 'listing')} in the last ${window}; you can report another in ${wait}.`,
  message: (count, window, wait) => `You have sent ${plural(count, 'message')} in the last ${window}; you can send another in ${wait}.`,
  conversationReport: (count, window, wait) => `You have reported ${plural(count, 'conversation')} in the last ${window}; you can report another in ${wait}.`,
};

/**
 * The subject a client address counts under. One person on IPv6 usually holds a whole /64 and
 * can change address within it at will, so such addresses count by their /64.
 */
export function addressSubject(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped && isIPv4(mapped)) return `ip:${mapped}`;
  if (!isIPv6(ip)) return `ip:${ip}`;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `ip:${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/** Runs a write inside a subject's allowance; `kept` says whether what it did counts. */
export type Allowance = <T>(write: () => Promise<T>, kept?: (result: T) => boolean) => Promise<T>;

/**
 * Slots taken one at a time by a write made of several counted things (the photos of one
 * upload), and given back together when the write as a whole fails.
 */
export interface Slots {
  /** One more slot, or a 429 when the subject has none left. */
  take(): Promise<void>;
  giveBack(): Promise<void>;
}

/** Two instances taking it at once would delete the same rows in different orders. */
const PRUNE_LOCK = 0x5752_4c4d; // "WRLM"

/**
 * Write limits over a sliding window, counted in PostgreSQL so every API instance shares them.
 *
 * A write takes its slot before it runs, under a per-subject advisory lock, so concurrent
 * requests (to any instance) cannot all squeeze through the last slot; a write that fails or does
 * nothing gives its slot back. The clock is injected so tests can pass the window without waiting.
 */
export class WriteLimits {
  private lastPrune = 0;

  constructor(
    private readonly db: Db,
    private readonly settings: WriteLimitSettings,
    private readonly clock: () => Date,
    /** Told of each refusal (the metrics count them). */
    private readonly onRefused: (action: LimitedWrite) => void = () => undefined,
  ) {}

  private get windowMs(): number {
    return this.settings.windowMinutes * 60_000;
  }

  allowance(action: LimitedWrite, subject: string): Allowance {
    return async (write, kept = () => true) => {
      const slot = await this.take(action, subject);
      let result;
      try {
        result = await write();
      } catch (error) {
        await this.giveBack(slot);
        throw error;
      }
      if (!kept(result)) await this.giveBack(slot);
      return result;
    };
  }

  slots(action: LimitedWrite, subject: string): Slots {
    const taken: string[] = [];
    return {
      take: async () => {
        const slot = await this.take(action, subject);
        if (slot) taken.push(slot);
      },
      giveBack: async () => {
        const rows = taken.splice(0);
        if (rows.length > 0) await this.db.delete(writeEvents).where(inArray(writeEvents.id, rows));
      },
    };
  }

  /** The slot's row, or null when the limit is off; a 429 when the subject has none left. */
  private async take(action: LimitedWrite, subject: string): Promise<string | null> {
    const max = this.settings[SETTING[action]];
    if (max <= 0) return null;
    const now = this.clock();
    const since = new Date(now.getTime() - this.windowMs);
    const slot = await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${action}:${subject}`}, 0))`);
      const recent = await tx
        .select({ at: writeEvents.at })
        .from(writeEvents)
        .where(and(eq(writeEvents.action, action), eq(writeEvents.subject, subject), gt(writeEvents.at, since)))
        .orderBy(asc(writeEvents.at));
      if (recent.length >= max) {
        // The write whose leaving the window makes room (more than max are counted when the limit was lowered).
        const leaving = recent[recent.length - max]!.at.getTime();
        const seconds = Math.max(1, Math.ceil((leaving + this.windowMs - now.getTime()) / 1000));
        this.onRefused(action);
        throw tooManyRequests(MESSAGES[action](recent.length, windowText(this.settings.windowMinutes), waitText(seconds)), seconds);
      }
      const [row] = await tx.insert(writeEvents).values({ action, subject, at: now }).returning({ id: writeEvents.id });
      return row!.id;
    });
    await this.prune(now);
    return slot;
  }

  private async giveBack(slot: string | null): Promise<void> {
    if (slot) await this.db.delete(writeEvents).where(inArray(writeEvents.id, [slot]));
  }

  /** Rows past the window count for nothing; each instance clears them about once a window, one instance at a time. */
  private async prune(now: Date): Promise<void> {
    if (now.getTime() - this.lastPrune < this.windowMs) return;
    this.lastPrune = now.getTime();
    const before = new Date(now.getTime() - this.windowMs);
    await this.db.transaction(async (tx) => {
      const { rows } = (await tx.execute(sql`select pg_try_advisory_xact_lock(${PRUNE_LOCK}) as taken`)) as unknown as { rows: { taken: boolean }[] };
      const [lock] = rows;
      if (lock?.taken) await tx.delete(writeEvents).where(lte(writeEvents.at, before));
    });
  }
}
