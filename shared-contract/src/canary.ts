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

export const CANARY_VERDICTS = ['healthy', 'failing', 'suspect', 'undecided'] as const;
export type CanaryVerdict = (typeof CANARY_VERDICTS)[number];

/** What a canary is judged on, most trusted first (docs/releases.md, "The verdict"). */
export const CANARY_CHECKS = ['render_failures', 'busy_fallbacks', 'error_rate', 'lcp', 'inp'] as const;
export type CanaryCheckName = (typeof CANARY_CHECKS)[number];
/** `suspect`: past its margin on browser evidence from too few networks; `not judged`: nothing of it to judge (no page rendered on the server). */
export const CANARY_CHECK_STATES = ['failing', 'suspect', 'within', 'waiting', 'not judged'] as const;
export type CanaryCheckState = (typeof CANARY_CHECK_STATES)[number];

export const canaryCheckSchema = z.object({ check: z.enum(CANARY_CHECKS), state: z.enum(CANARY_CHECK_STATES), text: z.string() });
export type CanaryCheck = z.infer<typeof canaryCheckSchema>;

export const canaryNumbersSchema = z.object({
  /** Page views and errors as the verdict counts them: at most one visitor's worth per network and hour. */
  pageViews: z.number(),
  errors: z.number(),
  errorRate: z.number().nullable(),
  /** Networks (an IPv4 address, an IPv6 /64) that reported page views, and those that reported errors. */
  networks: z.number(),
  errorNetworks: z.number(),
  renders: z.number(),
  /** Pages left for the browser, whatever the reason; screens rendered in the browser by design are neither renders nor fallbacks. */
  renderFallbacks: z.number(),
  renderFallbackRate: z.number().nullable(),
  /** Left for the browser because the screen threw or the build could not be had: the release's own doing. */
  renderFailures: z.number(),
  renderFailureRate: z.number().nullable(),
  /** Left for the browser because the machine was busy (past the render budget, a full queue); the baseline's over the canary's minutes. */
  busyFallbacks: z.number(),
  busyFallbackRate: z.number().nullable(),
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
  /** The deciding check's words: the first failing, the suspect one, or what the verdict still waits for. */
  reason: z.string(),
  /** Every check with its state and words, most trusted first. */
  checks: z.array(canaryCheckSchema),
  progress: z.object({ views: z.number(), networks: z.number(), minNetworks: z.number(), renders: z.number(), ageMs: z.number(), minAgeMs: z.number() }),
  numbers: z.object({ canary: canaryNumbersSchema, baseline: canaryNumbersSchema }),
  /** `numbers` as aligned plain-text lines, a heading line first: what the mails and `npm run releases -- --watch` print as they are. */
  table: z.array(z.string()),
  /**
   * `nextAt`: when the next step is due (null at the last step); `held`: why a step that is due is not taken yet,
   * `undecided` (waiting for numbers) or `suspect` (paused until a person decides or the numbers clear it).
   */
  ramp: z
    .object({
      steps: z.array(z.number()),
      everyMs: z.number(),
      step: z.number(),
      nextAt: z.string().nullable(),
      held: z.enum(['undecided', 'suspect']).nullable(),
    })
    .nullable(),
  /** When the team was told it is suspect (mail, webhook), once per canary; null while it never was. */
  suspectSince: z.string().nullable(),
});
export type CanaryAnalysis = z.infer<typeof canaryAnalysisSchema>;
