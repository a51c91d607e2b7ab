import * as z from './zod';

export const RAMP_EVERY_MS = { min: 1_000, max: 7 * 24 * 3_600_000 } as const;

/** docs/releases.md, "The ramp". */
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

/** docs/releases.md, "The verdict". */
export const canaryAnalysisSchema = z.object({
  remote: z.string(),
  canary: z.object({ version: z.string(), share: z.number(), since: z.string() }),
  baseline: z.object({ kind: z.enum(['live', 'first set']), version: z.string().nullable() }),
  verdict: z.enum(CANARY_VERDICTS),
  reason: z.string(),
  progress: z.object({ views: z.number(), minViews: z.number(), renders: z.number(), minRenders: z.number(), ageMs: z.number(), minAgeMs: z.number() }),
  numbers: z.object({ canary: canaryNumbersSchema, baseline: canaryNumbersSchema }),
  ramp: z.object({ steps: z.array(z.number()), everyMs: z.number(), step: z.number(), nextAt: z.string().nullable() }).nullable(),
});
export type CanaryAnalysis = z.infer<typeof canaryAnalysisSchema>;
