import { createHash } from 'node:crypto';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { StackFrame } from '@usedcars/shared-contract/error-details';
import type { ErrorGroupKind, TelemetryEvent } from '@usedcars/shared-contract/telemetry';
import type { Db } from '../../db/client';
import { telemetryErrorGroups } from '../../db/schema';

/** Groups one release keeps apart at most; errors past them add to its `other` group. */
const GROUPS_PER_RELEASE = 100;
const OTHER_GROUP = 'other';
const OTHER_MESSAGE = `Errors past the ${GROUPS_PER_RELEASE} groups a release keeps apart`;
/** Groups held between writes at most (across releases): past it an error is counted, not grouped. */
const MAX_PENDING = 5_000;
/** New groups one visitor network may open per release and hour: a flood of made-up messages from one network takes a few places, never the release's top ten. */
const NEW_GROUPS_PER_NETWORK = 3;
/** Networks named per group at most: enough to rank groups by how widely they are seen ("50+" past it). */
const NETWORKS_KEPT = 50;
const HOUR = 60 * 60_000;

/** An error as grouped: a page's, or a render server's screen that threw (count alike at once). */
export type GroupedEvent = Extract<TelemetryEvent, { type: 'error' | 'render_error' }>;

interface Group {
  remote: string;
  release: string;
  fingerprint: string;
  kind: ErrorGroupKind;
  message: string;
  screen: string;
  frames: StackFrame[];
  count: number;
  firstSeen: Date;
  lastSeen: Date;
  networks: string[];
  openedBy: string | null;
}

/**
 * The words that say what went wrong, without what changes from one occurrence to the next:
 * addresses, quoted values, ids and numbers.
 */
function normalisedMessage(message: string): string {
  return message
    .replace(/\b[a-z][\w+.-]*:\/\/\S+/gi, '<url>')
    .replace(/(["'`])(?:(?!\1).)*\1/g, '<value>')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<id>')
    .replace(/\b(?=[0-9a-f]*\d)[0-9a-f]{6,}\b/gi, '<id>')
    .replace(/\b(?=[a-z_-]*\d)(?=\d*[a-z_-])[\w-]{12,}\b/gi, '<id>')
    .replace(/\d+(?:\.\d+)?/g, '<n>');
}

/** A script's name without where it is published, its content hash or its query: the same code in any release. */
function scriptName(file: string): string {
  const name =
    file
      .replace(/[?#].*$/, '')
      .split('/')
      .pop() ?? '';
  return name.replace(/\.[0-9a-f]{8,}(?=\.)/gi, '');
}

/** Errors with the same fingerprint are one group: kind, normalised message, and the top frame's script and function. */
function fingerprintOf(kind: ErrorGroupKind, message: string, frames: readonly StackFrame[]): string {
  const top = frames[0];
  const parts = [kind, normalisedMessage(message), top ? scriptName(top.file) : '', top?.fn ?? ''];
  return createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 16);
}

const releaseKeyOf = (group: { remote: string; release: string }) => `${group.remote}|${group.release}`;

/**
 * Errors added up per remote, release and fingerprint between the telemetry's writes, and written
 * with them (docs/releases.md, "Errors"): a release keeps at most GROUPS_PER_RELEASE groups, in
 * memory and in the database alike.
 */
export class ErrorGroups {
  private pending = new Map<string, Group>();
  /** Fingerprints held per release, so that a flood of new ones folds into `other` before it costs memory. */
  private perRelease = new Map<string, number>();
  /** Groups each network opened per release since the last write. */
  private opened = new Map<string, number>();

  /** `network`: the visitor network a page's error came from; none for a render server's. */
  add(event: GroupedEvent, at: Date, network?: string): void {
    const kind: ErrorGroupKind = event.type === 'render_error' ? 'render_failed' : event.kind;
    const message = event.message ?? '';
    const frames = event.frames ?? [];
    const count = event.type === 'render_error' ? event.count : 1;
    let fingerprint = fingerprintOf(kind, message, frames);
    const release = releaseKeyOf(event);
    const opener = network ? `${release}|${network}` : null;
    if (
      !this.pending.has(`${release}|${fingerprint}`) &&
      ((this.perRelease.get(release) ?? 0) >= GROUPS_PER_RELEASE ||
        this.pending.size >= MAX_PENDING ||
        (opener !== null && (this.opened.get(opener) ?? 0) >= NEW_GROUPS_PER_NETWORK))
    ) {
      fingerprint = OTHER_GROUP;
    }
    const key = `${release}|${fingerprint}`;
    const group = this.pending.get(key);
    if (group) {
      group.count += count;
      group.lastSeen = at;
      if (network && group.networks.length < NETWORKS_KEPT && !group.networks.includes(network)) group.networks.push(network);
      return;
    }
    if (this.pending.size >= MAX_PENDING + GROUPS_PER_RELEASE) return;
    if (fingerprint !== OTHER_GROUP) {
      this.perRelease.set(release, (this.perRelease.get(release) ?? 0) + 1);
      if (opener) this.opened.set(opener, (this.opened.get(opener) ?? 0) + 1);
    }
    const words = fingerprint === OTHER_GROUP ? { message: OTHER_MESSAGE, frames: [] } : { message, frames };
    this.pending.set(key, {
      remote: event.remote,
      release: event.release,
      fingerprint,
      kind,
      screen: event.screen,
      ...words,
      count,
      firstSeen: at,
      lastSeen: at,
      networks: network ? [network] : [],
      openedBy: fingerprint === OTHER_GROUP ? null : (network ?? null),
    });
  }

  /**
   * Writes what was added up, under one lock so that no copy takes a release past its groups, nor
   * lets one network open more than its few an hour; what has no room adds to `other`.
   */
  async write(db: Db): Promise<void> {
    const groups = [...this.pending.values()].sort((a, b) => b.networks.length - a.networks.length || b.count - a.count);
    this.pending = new Map();
    this.perRelease = new Map();
    this.opened = new Map();
    if (groups.length === 0) return;
    const t = telemetryErrorGroups;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('telemetry_error_groups', 0))`);
      const releases = [...new Map(groups.map((group) => [releaseKeyOf(group), group])).values()];
      const known = new Map<string, Set<string>>(releases.map((group) => [releaseKeyOf(group), new Set()]));
      const stored = await tx
        .select({ remote: t.remote, release: t.release, fingerprint: t.fingerprint, openedBy: t.openedBy, firstSeen: t.firstSeen })
        .from(t)
        .where(or(...releases.map((group) => and(eq(t.remote, group.remote), eq(t.release, group.release)))));
      // What each network opened in the last hour, per release: its few new groups are counted across copies.
      const hourAgo = groups[0]!.lastSeen.getTime() - HOUR;
      const opened = new Map<string, number>();
      for (const row of stored) {
        known.get(releaseKeyOf(row))?.add(row.fingerprint);
        const by = `${releaseKeyOf(row)}|${row.openedBy}`;
        if (row.openedBy && row.firstSeen.getTime() > hourAgo) opened.set(by, (opened.get(by) ?? 0) + 1);
      }
      const rows = new Map<string, Group>();
      for (const group of groups) {
        const fingerprints = known.get(releaseKeyOf(group))!;
        const kept = fingerprints.size - (fingerprints.has(OTHER_GROUP) ? 1 : 0);
        const by = `${releaseKeyOf(group)}|${group.openedBy}`;
        const isNew = !fingerprints.has(group.fingerprint) && group.fingerprint !== OTHER_GROUP;
        if (isNew && (kept >= GROUPS_PER_RELEASE || (group.openedBy && (opened.get(by) ?? 0) >= NEW_GROUPS_PER_NETWORK))) {
          Object.assign(group, { fingerprint: OTHER_GROUP, message: OTHER_MESSAGE, frames: [], openedBy: null });
        } else if (isNew && group.openedBy) opened.set(by, (opened.get(by) ?? 0) + 1);
        fingerprints.add(group.fingerprint);
        const key = `${releaseKeyOf(group)}|${group.fingerprint}`;
        const same = rows.get(key);
        if (same) {
          same.count += group.count;
          same.firstSeen = new Date(Math.min(same.firstSeen.getTime(), group.firstSeen.getTime()));
          same.lastSeen = new Date(Math.max(same.lastSeen.getTime(), group.lastSeen.getTime()));
          same.networks = [...new Set([...same.networks, ...group.networks])].slice(0, NETWORKS_KEPT);
        } else rows.set(key, group);
      }
      await tx
        .insert(t)
        .values([...rows.values()])
        .onConflictDoUpdate({
          target: [t.remote, t.release, t.fingerprint],
          set: {
            count: sql`${t.count} + excluded.count`,
            firstSeen: sql`least(${t.firstSeen}, excluded.first_seen)`,
            lastSeen: sql`greatest(${t.lastSeen}, excluded.last_seen)`,
            networks: sql`array(select distinct n from unnest(${t.networks} || excluded.networks) as u(n) limit ${NETWORKS_KEPT})`,
          },
        });
    });
  }

  /** Deletes the groups not seen since `before`: they go with the telemetry's retention. */
  async prune(db: Db, before: Date): Promise<void> {
    await db.delete(telemetryErrorGroups).where(lt(telemetryErrorGroups.lastSeen, before));
  }
}
