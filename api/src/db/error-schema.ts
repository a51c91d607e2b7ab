import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { StackFrame } from '@usedcars/shared-contract/error-details';

/**
 * Errors alike, per remote and release (docs/releases.md, "Errors"): the words, screen and frames
 * of the first one seen, how many there were and when. At most 100 groups per release, and one
 * `other` for the rest; deleted with the telemetry's retention.
 */
export const telemetryErrorGroups = pgTable(
  'telemetry_error_groups',
  {
    remote: text('remote').notNull(),
    release: text('release').notNull(),
    fingerprint: text('fingerprint').notNull(),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    screen: text('screen').notNull(),
    frames: jsonb('frames').$type<StackFrame[]>().notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull(),
    /** The networks that reported it (their keyed names, at most NETWORKS_KEPT): groups are ranked by how many. Empty for a render server's. */
    networks: text('networks')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The network whose report opened the group: one network opens only a few per release and hour. Null for a render server's. */
    openedBy: text('opened_by'),
  },
  (t) => [primaryKey({ columns: [t.remote, t.release, t.fingerprint] }), index('telemetry_error_groups_last_seen_idx').on(t.lastSeen)],
);

/**
 * What each visitor network reported per release and hour (docs/releases.md, "What is trusted, and
 * why"), each count capped at one visitor's worth: the verdict counts page views and errors with one
 * voice per network, and how many networks stand behind them. `network` is a keyed hash, no address.
 */
export const telemetryNetworks = pgTable(
  'telemetry_networks',
  {
    remote: text('remote').notNull(),
    release: text('release').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    network: text('network').notNull(),
    views: integer('views').notNull(),
    errors: integer('errors').notNull(),
    lcp: integer('lcp').notNull(),
    inp: integer('inp').notNull(),
  },
  (t) => [primaryKey({ columns: [t.remote, t.release, t.hour, t.network] }), index('telemetry_networks_hour_idx').on(t.hour)],
);

/**
 * A release's source maps, uploaded with its files but kept here, never served (docs/releases.md,
 * "Errors"): the API reads them to show an error's frames where they are in the source.
 */
export const releaseSourceMaps = pgTable(
  'release_source_maps',
  {
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    /** The map's path in the build, beside the file it maps: `static/js/812.4f3a2b1c.js.map`. */
    path: text('path').notNull(),
    map: text('map').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.remote, t.version, t.path] })],
);
