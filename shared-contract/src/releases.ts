import { rampSchema } from './canary';
import { requiredText } from './fields';
import * as z from './zod';

export const RELEASE_STATUSES = ['live', 'canary', 'retired', 'rolled_back'] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];

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
  /** Null for a caller who is neither an admin nor a deploy token (docs/api.md, "Releases"). */
  releasedBy: z.string().nullable(),
  preflight: z.string(),
  status: z.enum(RELEASE_STATUSES),
  share: z.number().nullable(),
  reason: z.string().nullable(),
  liveAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Release = z.infer<typeof releaseSchema>;

const runningSchema = z.object({ version: z.string(), manifestUrl: z.string() });
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
    /** Without it the release goes live for everyone. */
    canary: canaryShareField.optional(),
    ramp: rampSchema.optional(),
  })
  .refine((input) => !input.ramp || input.canary === undefined || input.canary === input.ramp.steps[0], {
    error: 'canary and the first ramp step are the same share: give one, or both alike',
    path: ['canary'],
  });
export type ReleaseInput = z.infer<typeof releaseInputSchema>;

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
/** The only time the token itself is shown. */
export const createdDeployTokenSchema = deployTokenSchema.extend({ token: z.string() });
export type CreatedDeployToken = z.infer<typeof createdDeployTokenSchema>;
export const deployTokenInputSchema = z.object({ name: requiredText('name', 80), remote: z.string().min(1, { error: 'remote is required' }) });
export type DeployTokenInput = z.infer<typeof deployTokenInputSchema>;

export const RELEASE_BUCKET_COOKIE = 'release_bucket';
export const RELEASE_PIN_COOKIE = 'release_pin';

export { registryVersionOf, releaseAddressRefusal } from './releaseAddress';
