import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Each remote's releases (docs/releases.md): one row per published build. At most one is live and
 * one is the canary per remote; the others are retired (replaced) or rolled back, with the reason,
 * or previews (served only through their preview links).
 */
export const releases = pgTable(
  'releases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    manifestUrl: text('manifest_url').notNull(),
    commit: text('commit'),
    builtAt: timestamp('built_at', { withTimezone: true }),
    releasedBy: text('released_by').notNull(),
    preflight: text('preflight').notNull(),
    status: text('status').notNull(),
    /** Percent of visitors, only while the release is the canary. */
    share: integer('share'),
    reason: text('reason'),
    /** When it last went live; null for a release that never was (a rollback goes back only to one that was). */
    liveAt: timestamp('live_at', { withTimezone: true }),
    /** When it last became the canary: its numbers are judged from then on (docs/releases.md, "The verdict"). */
    canarySince: timestamp('canary_since', { withTimezone: true }),
    /** When the canary's share last changed: a ramp's next step is due a step's time after it. */
    shareSince: timestamp('share_since', { withTimezone: true }),
    /** The shares a ramp goes through and the time per step; null without a ramp (or once a person set the share). */
    rampSteps: integer('ramp_steps').array(),
    rampEveryMs: integer('ramp_every_ms'),
    /** When the canary was first judged suspect in its current run, and the team told; null since it last became the canary. */
    suspectSince: timestamp('suspect_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('releases_status_check', sql`${t.status} in ('live', 'canary', 'retired', 'rolled_back', 'preview')`),
    check('releases_share_check', sql`(${t.status} = 'canary') = (${t.share} is not null) and (${t.share} is null or ${t.share} between 1 and 99)`),
    check('releases_ramp_check', sql`(${t.rampSteps} is null) = (${t.rampEveryMs} is null)`),
    uniqueIndex('releases_version_idx').on(t.remote, t.version),
    uniqueIndex('releases_live_idx')
      .on(t.remote)
      .where(sql`${t.status} = 'live'`),
    uniqueIndex('releases_canary_idx')
      .on(t.remote)
      .where(sql`${t.status} = 'canary'`),
    index('releases_history_idx').on(t.remote, t.createdAt),
  ],
);

/** A team's key to release one remote; only its SHA-256 is kept, and a revoked one stays for the record. */
export const deployTokens = pgTable(
  'deploy_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    remote: text('remote').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('deploy_tokens_remote_idx').on(t.remote)],
);

/**
 * The preview links a team or an admin made (docs/releases.md, "Previews"): a registered release's
 * (`version`) for anyone holding the link, or a team's dev server (`dev_url`) for the one browser
 * that opened it first (`browser_hash`). Withdrawn and expired links stay for the record.
 */
export const previewLinks = pgTable(
  'preview_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    remote: text('remote').notNull(),
    kind: text('kind').notNull(),
    version: text('version'),
    devUrl: text('dev_url'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** SHA-256 of the secret the claiming browser keeps beside the link: only that browser may use a claimed local link. */
    browserHash: text('browser_hash'),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnBy: text('withdrawn_by'),
  },
  (t) => [
    check('preview_links_kind_check', sql`(${t.kind} = 'release' and ${t.version} is not null) or (${t.kind} = 'local' and ${t.devUrl} is not null)`),
    index('preview_links_release_idx').on(t.remote, t.version),
    index('preview_links_expires_idx').on(t.expiresAt),
  ],
);

export type ReleaseRow = typeof releases.$inferSelect;
export type PreviewLinkRow = typeof previewLinks.$inferSelect;
export type DeployTokenRow = typeof deployTokens.$inferSelect;
