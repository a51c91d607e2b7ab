import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import type { MessageStreamEvents } from '@usedcars/shared-contract';
import type { ChangeFollower } from '../../db/change-feed';
import type { Db } from '../../db/client';
import { eventText, keepAlive, openEventStream } from '../../http/eventStream';
import { type MessageRecord, rowsOf, toMessage, unreadTotals } from './views';

/** While this instance cannot hear the others, it looks for new messages itself this often. */
const POLL_WHILE_DEAF_MS = 1_000;
/** At most this many messages per look (a listener resuming from long ago gets the rest on the next). */
const BATCH = 500;

interface Listener {
  response: ServerResponse;
  userId: string;
  /** The last message this listener was sent (its Last-Event-ID). */
  lastSeq: number;
  /** The unread count it was last told, so it is told only changes. */
  unread: number | null;
  closeTimer: NodeJS.Timeout;
}

type Row = MessageRecord & { buyerId: string | null };

const SELECT_MESSAGES = sql`select m.id, m.seq, m.conversation_id as "conversationId", m.sender_id as "senderId", m.text, m.created_at as "createdAt",
  c.seller_id as "sellerId", c.buyer_id as "buyerId" from messages m join conversations c on c.id = m.conversation_id`;

/**
 * GET /conversations/stream's listeners on this API instance (docs/api.md, "Messages"). Attached to
 * the change feed like the brand-list cache: every accepted write in any copy reaches it, and it
 * then reads the messages written since the last it saw, in one query for all its listeners, and
 * sends each listener those of its own conversations, and its unread count when that changed.
 */
export class MessageStream implements ChangeFollower {
  private readonly listeners = new Set<Listener>();
  /** The last message seq this instance has looked past; messages are written in seq order (service.ts). */
  private seen = 0;
  private dirty = false;
  private running: Promise<void> | null = null;
  private readonly stopKeepAlive = keepAlive(() => [...this.listeners].map((listener) => listener.response));
  private deafPoll: NodeJS.Timeout | null = null;
  /** Streams whose first events are still being read: ended too if the API closes meanwhile. */
  private readonly opening = new Set<ServerResponse>();
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly options: { maxListeners: number; maxAgeMs: number; log: (message: string, error: unknown) => void },
  ) {}

  get full(): boolean {
    return this.listeners.size >= this.options.maxListeners;
  }

  /**
   * Starts the caller's stream: the messages after `lastEventId` first (a reconnecting page's), then
   * the unread count. The stream ends after maxAgeMs, so a page reconnects with a token still valid.
   */
  async add(response: ServerResponse, headers: OutgoingHttpHeaders, userId: string, lastEventId: number | null): Promise<void> {
    // Connection: close, so a stream ended by a closing API frees its socket instead of idling as keep-alive.
    openEventStream(response, { ...headers, Connection: 'close' });
    this.opening.add(response);
    await this.serially(async () => {
      if (this.closed) return void response.end();
      if (this.listeners.size === 0) this.seen = await this.latestSeq();
      const listener: Listener = {
        response,
        userId,
        lastSeq: lastEventId ?? this.seen,
        unread: null,
        closeTimer: setTimeout(() => response.end(), this.options.maxAgeMs),
      };
      listener.closeTimer.unref();
      if (response.destroyed) return;
      this.listeners.add(listener);
      response.on('close', () => {
        clearTimeout(listener.closeTimer);
        this.listeners.delete(listener);
      });
      if (listener.lastSeq < this.seen) this.deliver([listener], await this.messagesOf(userId, listener.lastSeq));
      await this.tellUnread([listener]);
    }).finally(() => this.opening.delete(response));
    // Anything written while the listener was being added.
    this.invalidate();
  }

  /** Something was written somewhere: look for new messages, once at a time, again if more came meanwhile. */
  invalidate(): void {
    if (this.listeners.size === 0) return;
    this.dirty = true;
    if (this.running) return;
    this.running = (async () => {
      while (this.dirty) {
        this.dirty = false;
        await this.serially(() => this.refresh()).catch((error: unknown) => this.options.log('could not read new messages for the stream', error));
      }
      this.running = null;
    })();
  }

  setCaching(on: boolean): void {
    if (on && this.deafPoll) {
      clearInterval(this.deafPoll);
      this.deafPoll = null;
    } else if (!on && !this.deafPoll) {
      this.deafPoll = setInterval(() => this.invalidate(), POLL_WHILE_DEAF_MS);
      this.deafPoll.unref();
    }
  }

  close(): void {
    this.closed = true;
    for (const response of this.opening) response.end();
    this.stopKeepAlive();
    if (this.deafPoll) clearInterval(this.deafPoll);
    for (const listener of this.listeners) {
      clearTimeout(listener.closeTimer);
      listener.response.end();
    }
    this.listeners.clear();
  }

  private work: Promise<unknown> = Promise.resolve();

  /** Adding a listener and reading new messages never interleave, so `seen` means the same to both. */
  private serially<T>(task: () => Promise<T>): Promise<T> {
    const next = this.work.then(task, task);
    this.work = next.catch(() => undefined);
    return next;
  }

  private async refresh(): Promise<void> {
    if (this.listeners.size === 0) return;
    const rows = rowsOf<Row>(await this.db.execute(sql`${SELECT_MESSAGES} where m.seq > ${this.seen} order by m.seq limit ${BATCH}`));
    if (rows.length > 0) this.seen = Number(rows[rows.length - 1]!.seq);
    const listeners = [...this.listeners];
    for (const listener of listeners) {
      this.deliver(
        [listener],
        rows.filter((row) => row.buyerId === listener.userId || row.sellerId === listener.userId),
      );
    }
    await this.tellUnread(listeners);
    if (rows.length === BATCH) this.dirty = true;
  }

  private deliver(listeners: Listener[], rows: Row[]): void {
    for (const listener of listeners) {
      for (const row of rows) {
        const message = toMessage(row);
        if (message.seq <= listener.lastSeq) continue;
        listener.lastSeq = message.seq;
        listener.response.write(this.event('message', message, message.seq));
      }
    }
  }

  private async tellUnread(listeners: Listener[]): Promise<void> {
    const totals = await unreadTotals(this.db, [...new Set(listeners.map((listener) => listener.userId))]);
    for (const listener of listeners) {
      const unread = totals.get(listener.userId) ?? 0;
      if (unread === listener.unread) continue;
      listener.unread = unread;
      listener.response.write(this.event('unread', { unread }));
    }
  }

  private async latestSeq(): Promise<number> {
    const [row] = rowsOf<{ seq: number | null }>(await this.db.execute(sql`select max(seq) as seq from messages`));
    return Number(row?.seq ?? 0);
  }

  private async messagesOf(userId: string, after: number): Promise<Row[]> {
    const mine = sql`(c.buyer_id = ${userId} or c.seller_id = ${userId})`;
    return rowsOf<Row>(
      await this.db.execute(sql`${SELECT_MESSAGES} where m.seq > ${after} and m.seq <= ${this.seen} and ${mine} order by m.seq limit ${BATCH}`),
    );
  }

  private event<Name extends keyof MessageStreamEvents>(name: Name, data: MessageStreamEvents[Name], id?: number): string {
    return eventText(name, data, id);
  }
}
