import * as z from 'zod';
import TOPOLOGY from '../topology.json';
import { ERROR_FRAMES_MAX, ERROR_MESSAGE_MAX, FRAME_FILE_MAX, FRAME_FN_MAX } from './errorDetails';

// POST /telemetry's body and responses (docs/api.md, "Telemetry").
export const TELEMETRY_MAX_EVENTS = 50;
export const TELEMETRY_MAX_BYTES = 16 * 1024;

export const VITAL_NAMES = ['LCP', 'CLS', 'INP', 'TTFB'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];
export const ERROR_KINDS = ['boundary', 'load', 'unhandled', 'rejection'] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];
export const ERROR_GROUP_KINDS = [...ERROR_KINDS, 'render_failed'] as const;
export type ErrorGroupKind = (typeof ERROR_GROUP_KINDS)[number];

export const TELEMETRY_REMOTES = ['shell', ...Object.keys(TOPOLOGY.remotes)] as [string, ...string[]];

const tags = {
  screen: z.string().regex(/^[\w/:*.-]{1,80}$/, 'screen must be a route pattern of at most 80 characters'),
  remote: z.enum(TELEMETRY_REMOTES, { error: `remote must be one of ${TELEMETRY_REMOTES.join(', ')}` }),
  release: z.string().regex(/^[\w.+-]{1,64}$/, 'release must be a version of at most 64 characters'),
};
/** Also CLS's unitless score; past these bounds it is not a real measurement. */
const ms = z.number().finite().min(0).max(600_000);

/** Shown to admins as it came, so one printable line. */
const words = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} must be at most ${max} characters`)
    .regex(/^\P{Cc}*$/u, `${what} must be printable text on one line`);
const position = z.number().int().min(0).max(10_000_000);
const frameSchema = z.strictObject({
  file: z
    .string()
    .max(FRAME_FILE_MAX, `a frame's file must be at most ${FRAME_FILE_MAX} characters`)
    .regex(/^(?:https?|file):\/\/[^\s]+$/, "a frame's file must be an absolute http(s) or file address"),
  line: position,
  column: position,
  fn: words(FRAME_FN_MAX, "a frame's function").optional(),
});
const errorWords = {
  message: words(ERROR_MESSAGE_MAX, 'message').optional(),
  frames: z.array(frameSchema).max(ERROR_FRAMES_MAX, `at most ${ERROR_FRAMES_MAX} frames`).optional(),
};

export const telemetryEventSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('view'), ...tags }),
  z
    .strictObject({ type: z.literal('vital'), name: z.enum(VITAL_NAMES), value: ms, ...tags })
    .refine((event) => event.name !== 'CLS' || event.value <= 100, { error: 'CLS is a score of at most 100' }),
  z.strictObject({ type: z.literal('error'), kind: z.enum(ERROR_KINDS), ...errorWords, ...tags }),
  // The three kinds below come from render servers only (docs/api.md, "Telemetry").
  z.strictObject({
    type: z.literal('render'),
    outcome: z.enum(['rendered', 'browser']),
    reason: z.string().regex(/^[a-z_]{0,32}$/),
    count: z.number().int().min(1).max(1_000_000),
    ms,
    remote: tags.remote,
    release: tags.release,
  }),
  z.strictObject({ type: z.literal('served'), count: z.number().int().min(1).max(1_000_000), remote: tags.remote, release: tags.release }),
  z.strictObject({ type: z.literal('render_error'), count: z.number().int().min(1).max(1_000_000), ...errorWords, ...tags }),
]);
export type TelemetryEvent = z.infer<typeof telemetryEventSchema>;
export type PageEvent = Extract<TelemetryEvent, { type: 'view' | 'vital' | 'error' }>;

/** docs/releases.md, "What is trusted and why". */
const pageToken = z
  .string()
  .max(2_048)
  .regex(/^[\w-]+\.[\w-]+$/, 'token must be the page token the render server sent');

export const telemetryBatchSchema = z.strictObject({
  /** A page's events without a valid one are dropped; render servers send their bearer token instead. */
  token: pageToken.optional(),
  events: z.array(telemetryEventSchema).min(1).max(TELEMETRY_MAX_EVENTS, `at most ${TELEMETRY_MAX_EVENTS} events in one batch`),
});
export type TelemetryBatch = z.infer<typeof telemetryBatchSchema>;

export const telemetryReceiptSchema = z.object({ accepted: z.number(), dropped: z.number() });
export type TelemetryReceipt = z.infer<typeof telemetryReceiptSchema>;

const p75 = z.number().nullable();
const minuteSchema = z.object({
  minute: z.string(),
  pageViews: z.number(),
  errors: z.number(),
  renders: z.number(),
  renderFallbacks: z.number(),
  lcpP75: p75,
});

/** `original`: only where the release uploaded its source maps. */
const shownFrameSchema = z.object({
  file: z.string(),
  line: z.number(),
  column: z.number(),
  fn: z.string().optional(),
  original: z.object({ file: z.string(), line: z.number(), column: z.number(), name: z.string().optional() }).optional(),
});

export const errorGroupSchema = z.object({
  /** Stable across releases for the same error; `other` holds what came past the groups a release keeps. */
  fingerprint: z.string(),
  kind: z.enum(ERROR_GROUP_KINDS),
  message: z.string(),
  screen: z.string(),
  count: z.number(),
  /** Visitor networks that reported it (at most 50 are told apart); 0 for a render server's. */
  networks: z.number(),
  firstSeen: z.string(),
  lastSeen: z.string(),
  frames: z.array(shownFrameSchema),
});
export type ErrorGroup = z.infer<typeof errorGroupSchema>;

export const releaseHealthSchema = z.object({
  release: z.string(),
  pageViews: z.number(),
  errors: z.number(),
  errorRate: z.number().nullable(),
  errorsByKind: z.record(z.string(), z.number()),
  lcpP75: p75,
  inpP75: p75,
  clsP75: p75,
  ttfbP75: p75,
  renders: z.number(),
  renderFallbacks: z.number(),
  renderFallbackRate: z.number().nullable(),
  fallbacksByReason: z.record(z.string(), z.number()),
  renderP75Ms: p75,
  /** Page views and errors never count past the allowance per page served. */
  pagesServed: z.number(),
  minutes: z.array(minuteSchema),
  errorGroups: z.array(errorGroupSchema),
});
export type ReleaseHealth = z.infer<typeof releaseHealthSchema>;

export const telemetrySummarySchema = z.object({ remote: z.string(), since: z.string(), releases: z.array(releaseHealthSchema) });
export type TelemetrySummary = z.infer<typeof telemetrySummarySchema>;
