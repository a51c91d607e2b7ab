import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Database } from './client';

/** What follows the change feed: a cache a write anywhere can make wrong (the brand-list pages), or a stream passing the news on to its listeners. */
export interface ChangeFollower {
  /** Something changed: drop what is cached. */
  invalidate(): void;
  /** Whether anything may be cached at all: not while this copy could miss another copy's change. */
  setCaching(on: boolean): void;
}

/** How an instance tells every instance, itself included, that a write was accepted. */
export interface ChangeFeed {
  attach(follower: ChangeFollower): void;
  /** Resolves once every copy has dropped what the write made wrong (or, for a copy that does not respond, after a short wait). */
  publish(): Promise<void>;
  close(): Promise<void>;
}

/** One process (PGlite, or a single instance): the instance's own followers are all there is to tell. */
export class LocalChangeFeed implements ChangeFeed {
  private readonly followers: ChangeFollower[] = [];

  attach(follower: ChangeFollower): void {
    this.followers.push(follower);
  }

  async publish(): Promise<void> {
    for (const follower of this.followers) follower.invalidate();
  }

  async close(): Promise<void> {}
}

const CHANGES_CHANNEL = 'usedcars_changes';
/** The listening sessions name themselves so a writer can count the copies that must respond. */
const LISTENER_NAME = 'usedcars-api-changes';
/** A copy that has not responded by then is wedged or dying; the write's response does not wait longer. */
const REPLY_WAIT_MS = 1_000;
const RECONNECT_MS = { first: 250, max: 5_000 };

const replyChannel = (instanceId: string) => `usedcars_heard_${instanceId}`;

interface Waiting {
  /** Responses still expected, once the count of listening copies is known. */
  expected: number | null;
  heard: number;
  done: () => void;
}

export interface PostgresChangeFeedOptions {
  /** Where the listening session connects: a session of its own, so not through a transaction-mode pooler. */
  url: string;
  /** Where a write's notice is sent from. */
  pool: pg.Pool;
  log?: (message: string, error?: unknown) => void;
}

/**
 * The instances of the API on one PostgreSQL tell each other with LISTEN/NOTIFY. A writer notifies
 * every copy and waits until each listening copy has dropped its cache and responded, so the
 * writer's client, whichever instance it asks next, reads the write. An instance that has lost its
 * listening session cannot hear others, so it keeps nothing in memory until it is back.
 */
export class PostgresChangeFeed implements ChangeFeed {
  readonly instanceId = randomUUID().replaceAll('-', '');
  private readonly followers: ChangeFollower[] = [];
  private readonly waiting = new Map<string, Waiting>();
  private listener: pg.Client | null = null;
  private listenerPid: number | null = null;
  private sequence = 0;
  private closed = false;
  private retryMs = RECONNECT_MS.first;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: PostgresChangeFeedOptions) {}

  /** Whether this instance hears the others now (tests wait on it after cutting the session). */
  get listening(): boolean {
    return this.listener !== null;
  }

  /** The server process of the listening session, while there is one. */
  get sessionPid(): number | null {
    return this.listenerPid;
  }

  attach(follower: ChangeFollower): void {
    this.followers.push(follower);
    follower.setCaching(this.listening);
  }

  /** Resolves once listening; a failure is retried in the background, with caching off meanwhile. */
  async start(): Promise<void> {
    try {
      await this.connect();
    } catch (error) {
      this.options.log?.("cannot listen for other API instances' changes yet; retrying", error);
      this.scheduleReconnect();
    }
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.url });
    client.on('notification', (message) => this.heard(client, message.channel, message.payload ?? ''));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
      await client.query(`LISTEN ${replyChannel(this.instanceId)}`);
      // Named only now that it listens: a writer counting it will get its response.
      const { rows } = await client.query<{ pid: number }>('SELECT set_config($1, $2, false), pg_backend_pid() AS pid', ['application_name', LISTENER_NAME]);
      if (this.closed) {
        await client.end();
        return;
      }
      this.listener = client;
      this.listenerPid = rows[0]!.pid;
      this.retryMs = RECONNECT_MS.first;
      // Whatever changed while this instance was not listening is unknown: start from nothing.
      for (const follower of this.followers) {
        follower.invalidate();
        follower.setCaching(true);
      }
    } catch (error) {
      client.removeAllListeners();
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
      throw error;
    }
  }

  private lost(client: pg.Client, error?: Error): void {
    if (client !== this.listener) return;
    this.listener = null;
    this.listenerPid = null;
    for (const follower of this.followers) follower.setCaching(false);
    client.removeAllListeners();
    client.on('error', () => undefined);
    client.end().catch(() => undefined);
    if (this.closed) return;
    this.options.log?.("lost the session that listens for other API instances' changes; caching is off until it is back", error);
    // Nobody can respond to this instance's writes over the lost session.
    for (const waiting of this.waiting.values()) waiting.done();
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect().catch((error: unknown) => {
        this.options.log?.("cannot listen for other API instances' changes yet; retrying", error);
        this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MS.max);
        this.scheduleReconnect();
      });
    }, this.retryMs);
    this.retryTimer.unref();
  }

  private heard(client: pg.Client, channel: string, payload: string): void {
    if (channel === CHANGES_CHANNEL) {
      const [writer = '', sequence = ''] = payload.split(':');
      if (writer === this.instanceId) return;
      for (const follower of this.followers) follower.invalidate();
      client.query('SELECT pg_notify($1, $2)', [replyChannel(writer), sequence]).catch((error: unknown) => {
        this.options.log?.("could not respond another API copy's change", error);
      });
      return;
    }
    const waiting = this.waiting.get(payload);
    if (!waiting) return;
    waiting.heard += 1;
    if (waiting.expected !== null && waiting.heard >= waiting.expected) waiting.done();
  }

  async publish(): Promise<void> {
    for (const follower of this.followers) follower.invalidate();
    const sequence = String((this.sequence += 1));
    // Registered before the notice goes out: the first responses may come before the count does.
    let done!: () => void;
    const allResponded = new Promise<void>((resolve) => (done = resolve));
    const timer = setTimeout(() => done(), REPLY_WAIT_MS);
    const waiting: Waiting = { expected: null, heard: 0, done };
    this.waiting.set(sequence, waiting);
    try {
      const { rows } = await this.options.pool.query<{ others: number }>(
        `SELECT pg_notify($1, $2),
                (SELECT count(*)::int FROM pg_stat_activity
                  WHERE datname = current_database() AND application_name = $3 AND pid IS DISTINCT FROM $4) AS others`,
        [CHANGES_CHANNEL, `${this.instanceId}:${sequence}`, LISTENER_NAME, this.listenerPid],
      );
      // Without a listening session of its own, this copy cannot hear the responses.
      waiting.expected = this.listening ? rows[0]!.others : 0;
      if (waiting.heard >= waiting.expected) done();
      await allResponded;
    } finally {
      clearTimeout(timer);
      this.waiting.delete(sequence);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    for (const waiting of this.waiting.values()) waiting.done();
    const client = this.listener;
    this.listener = null;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
    }
  }
}

/** The feed the database calls for: LISTEN/NOTIFY between the instances on PostgreSQL, this instance alone on PGlite. */
export async function openChangeFeed(database: Database, log?: PostgresChangeFeedOptions['log']): Promise<ChangeFeed> {
  if (database.driver === 'pglite' || !database.url) return new LocalChangeFeed();
  const feed = new PostgresChangeFeed({ url: database.url, pool: database.client as pg.Pool, log });
  await feed.start();
  return feed;
}
