import * as z from './zod';

/** A ramp's shortest and longest time per step (docs/releases.md, "The ramp"). */
export const RAMP_EVERY_MS = { min: 1_000, max: 7 * 24 * 3_600_000 } as const;

/**
 * A release's ramp: the shares it goes through, the first its starting share, each held `everyMs`
 * while the canary is healthy; the step to 100 promotes it.
 */
export const rampSchema = z
  .object({
    steps: z
      .array(z.number().int().min(1, { error: 'ramp steps are shares from 1 to 100' }).max(100, { error: 'ramp steps are shares from 1 to 100' }))
      .min(2, { error: 'a ramp has 2 to 10 steps' })
      .max(10, { error: 'a ramp has 2 to 10 steps' }),
    everyMs: z.number().int().min(RAMP_EVERY_MS.min).max(RAMP_EVERY_MS.max),
  })
  .refine((ramp) => ramp.steps.every((share, index) => index === 0 || share > ramp.steps[index - 1]!), { error: 'ramp steps must increase', path: ['steps'] })
  .refine((ramp) => ramp.steps[0]! < 100, { error: 'the first ramp step is the canary’s starting share (1–99)', path: ['steps'] });
export type Ramp = z.infer<typeof rampSchema>;

export const CANARY_VERDICTS = ['healthy', 'failing', 'undecided'] as const;
export type CanaryVerdict = (typeof CANARY_VERDICTS)[number];

/** One side's numbers over the canary's minutes; rates are ratios (0–1), null with nothing to divide by; p75s in ms. */
export const canaryNumbersSchema = z.object({
  pageViews: z.number(),
  errors: z.number(),
  errorRate: z.number().nullable(),
  renders: z.number(),
  renderFallbacks: z.number(),
  renderFallbackRate: z.number().nullable(),
  lcpP75: z.number().nullable(),
  inpP75: z.number().nullable(),
});
export type CanaryNumbers = z.infer<typeof canaryNumbersSchema>;

/** GET /releases/analysis: one entry per remote with a canary (docs/api.md, "Releases"). */
export const canaryAnalysisSchema = z.object({
  remote: z.string(),
  canary: z.object({ version: z.string(), share: z.number(), since: z.string() }),
  /** What the canary is compared with: the live release, or (with none) every first-set build of the remote. */
  baseline: z.object({ kind: z.enum(['live', 'first set']), version: z.string().nullable() }),
  verdict: z.enum(CANARY_VERDICTS),
  /** Why: the failing number beside the baseline's, what it still waits for, or what made it healthy. */
  reason: z.string(),
  progress: z.object({ views: z.number(), minViews: z.number(), renders: z.number(), minRenders: z.number(), ageMs: z.number(), minAgeMs: z.number() }),
  numbers: z.object({ canary: canaryNumbersSchema, baseline: canaryNumbersSchema }),
  /** The release's ramp: its steps, the time per step, the index of the current share, and when the next step is due (null at the last). */
  ramp: z.object({ steps: z.array(z.number()), everyMs: z.number(), step: z.number(), nextAt: z.string().nullable() }).nullable(),
});
export type CanaryAnalysis = z.infer<typeof canaryAnalysisSchema>;
