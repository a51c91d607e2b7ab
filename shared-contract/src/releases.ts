import { rampSchema } from './canary';
import { requiredText } from './fields';
import * as z from './zod';

/** The release registry's shapes (docs/releases.md, docs/api.md "Releases"). */
export const RELEASE_STATUSES = ['live', 'canary', 'retired', 'rolled_back'] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];

/** A version names one build for good: letters, digits, dots, dashes, plus and underscores. */
export const releaseVersionField = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._+-]{0,63}$/, 'must be 1–64 letters, digits, dots, dashes, plus signs or underscores');
export const canaryShareField = z.number().int().min(1).max(99);

export const releaseSchema = z.object({
  remote: z.string(),
  version: z.string(),
  manifestUrl: z.string(),
  commit: z.string().nullable(),
  builtAt: z.string().nullable(),
  /** Who registered it; null for a caller who is neither an admin nor a deploy token (docs/api.md, "Releases"). */
  releasedBy: z.string().nullable(),
  /** The API's own preflight verdict (`passed`, `passed (2 own copies)`), or `skipped` for a release older than that check. */
  preflight: z.string(),
  status: z.enum(RELEASE_STATUSES),
  share: z.number().nullable(),
  /** Why its status last changed, naming who; null for the same callers as releasedBy. */
  reason: z.string().nullable(),
  /** When it last went live; null if it never was. */
  liveAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Release = z.infer<typeof releaseSchema>;

const runningSchema = z.object({ version: z.string(), manifestUrl: z.string() });
/** GET /releases/live: per remote with a release, the live one and the canary with its share. */
export const liveSetSchema = z.object({
  remotes: z.record(z.string(), z.object({ live: runningSchema.nullable(), canary: runningSchema.extend({ share: z.number() }).nullable() })),
});
export type LiveSet = z.infer<typeof liveSetSchema>;

export const releaseInputSchema = z
  .object({
    remote: z.string().min(1).max(40),
    version: releaseVersionField,
    manifestUrl: z.url({ protocol: /^https?$/ }).max(2000),
    commit: z.string().max(64).optional(),
    builtAt: z.iso.datetime({ offset: true }).optional(),
    /** A canary for this share of visitors; without it the release goes live for everyone. */
    canary: canaryShareField.optional(),
    /** Steps the canary up on its own while it is healthy, from its first step (the canary's share); at 100 it is promoted. */
    ramp: rampSchema.optional(),
  })
  .refine((input) => !input.ramp || input.canary === undefined || input.canary === input.ramp.steps[0], {
    error: 'canary and the first ramp step are the same share: give one, or both alike',
    path: ['canary'],
  });
export type ReleaseInput = z.infer<typeof releaseInputSchema>;

/** POST /releases/pin's answer: a signed, expiring pin the page keeps in the RELEASE_PIN_COOKIE cookie. */
export const releasePinSchema = z.object({ pin: z.string(), remote: z.string(), version: z.string(), expiresAt: z.string() });
export const pinnedReleaseSchema = z.object({ remote: z.string(), version: z.string(), manifestUrl: z.string() });
export type PinnedRelease = z.infer<typeof pinnedReleaseSchema>;

export const deployTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  remote: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type DeployToken = z.infer<typeof deployTokenSchema>;
/** POST /deploy-tokens' answer: the only time the token itself is shown. */
export const createdDeployTokenSchema = deployTokenSchema.extend({ token: z.string() });
export type CreatedDeployToken = z.infer<typeof createdDeployTokenSchema>;
/** POST /deploy-tokens: a name people recognise and the one remote the token releases (the API narrows it to the site's remotes). */
export const deployTokenInputSchema = z.object({ name: requiredText('name', 80), remote: z.string().min(1, { error: 'remote is required' }) });
export type DeployTokenInput = z.infer<typeof deployTokenInputSchema>;

/** The cookies the render server reads (docs/releases.md, "Canary"): the visitor's bucket 0–99 and an admin's pin. */
export const RELEASE_BUCKET_COOKIE = 'release_bucket';
export const RELEASE_PIN_COOKIE = 'release_pin';

/** Where a release may be loaded from, and the version its address names: no imports, so the page can read them too. */
export { registryVersionOf, releaseAddressRefusal } from './releaseAddress';
