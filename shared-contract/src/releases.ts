import { rampSchema } from './canary';
import { requiredText } from './fields';
import * as z from './zod';

/** `preview`: registered and served to nobody but the holders of its preview links (docs/releases.md, "Previews"). */
export const RELEASE_STATUSES = ['live', 'canary', 'retired', 'rolled_back', 'preview'] as const;
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
    /** Without it (or preview) the release goes live for everyone. */
    canary: canaryShareField.optional(),
    ramp: rampSchema.optional(),
    /** Registered and served to nobody: only its preview links show it. */
    preview: z.boolean().optional(),
  })
  .refine((input) => !input.preview || (input.canary === undefined && input.ramp === undefined), {
    error: 'a preview is served to nobody: give preview, or canary and ramp, not both',
    path: ['preview'],
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

/** A preview link lasts 7 days unless asked otherwise, 10 s to 30 days (docs/releases.md, "Previews"). */
export const PREVIEW_EXPIRY_SECONDS = { default: 7 * 86_400, min: 10, max: 30 * 86_400 } as const;
/** A local override lasts a working day unless asked otherwise. */
export const LOCAL_EXPIRY_SECONDS = 12 * 3_600;

const expiresInField = z.number().int().min(PREVIEW_EXPIRY_SECONDS.min).max(PREVIEW_EXPIRY_SECONDS.max);
export const previewLinkInputSchema = z.object({ version: releaseVersionField, expiresInSeconds: expiresInField.optional() });
export const localLinkInputSchema = z.object({ url: z.url({ protocol: /^https?$/ }).max(500), expiresInSeconds: expiresInField.optional() });

export const PREVIEW_KINDS = ['release', 'local'] as const;
/** A preview link as the registry keeps it: a release's, or a team's dev server (`url`) for one browser. */
export const previewLinkSchema = z.object({
  id: z.string(),
  kind: z.enum(PREVIEW_KINDS),
  remote: z.string(),
  version: z.string().nullable(),
  url: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  claimedAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  withdrawnBy: z.string().nullable(),
});
export type PreviewLink = z.infer<typeof previewLinkSchema>;
/** The only time the link itself is shown. */
export const createdPreviewLinkSchema = previewLinkSchema.extend({ link: z.string() });
export type CreatedPreviewLink = z.infer<typeof createdPreviewLinkSchema>;
/** What a render server applies for a link: the manifest to load, from the registry (or the claimed dev server). */
export const previewCheckSchema = z.object({
  id: z.string(),
  kind: z.enum(PREVIEW_KINDS),
  remote: z.string(),
  version: z.string().nullable(),
  manifestUrl: z.string(),
  expiresAt: z.string(),
});
export type PreviewCheck = z.infer<typeof previewCheckSchema>;

export { RELEASE_BUCKET_COOKIE, RELEASE_PIN_COOKIE, devServerAddressRefusal, registryVersionOf, releaseAddressRefusal } from './releaseAddress';
