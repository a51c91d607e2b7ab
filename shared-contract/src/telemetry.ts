import * as z from 'zod';
import TOPOLOGY from '../topology.json';
import { ERROR_FRAMES_MAX, ERROR_MESSAGE_MAX, FRAME_FILE_MAX, FRAME_FN_MAX } from './errorDetails';

/**
 * What pages and render servers send to POST /telemetry (docs/api.md, "Telemetry"): each event
 * tagged with the remote and release that rendered it. The API keeps only per-minute aggregates.
 */

/** At most this many events in one batch, and this many bytes in its body. */
export const TELEMETRY_MAX_EVENTS = 50;
export const TELEMETRY_MAX_BYTES = 16 * 1024;

export const VITAL_NAMES = ['LCP', 'CLS', 'INP', 'TTFB'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];
/** Where an error was seen: a remote's boundary caught it, a remote failed to load, or nothing caught it. */
export const ERROR_KINDS = ['boundary', 'load', 'unhandled', 'rejection'] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];
/** What error groups are of: what pages report, and a screen that threw while a render server rendered it. */
export const ERROR_GROUP_KINDS = [...ERROR_KINDS, 'render_failed'] as const;
export type ErrorGroupKind = (typeof ERROR_GROUP_KINDS)[number];

/** The shell's own screens count under "shell"; the rest under their remote. */
export const TELEMETRY_REMOTES = ['shell', ...Object.keys(TOPOLOGY.remotes)] as [string, ...string[]];

const tags = {
  screen: z.string().regex(/^[\w/:*.-]{1,80}$/, 'screen must be a route pattern of at most 80 characters'),
  remote: z.enum(TELEMETRY_REMOTES, { error: `remote must be one of ${TELEMETRY_REMOTES.join(', ')}` }),
  release: z.string().regex(/^[\w.+-]{1,64}$/, 'release must be a version of at most 64 characters'),
};
/** A time in ms, or CLS's unitless score; anything past these is not a real measurement. */
const ms = z.number().finite().min(0).max(600_000);

/** Text shown to admins as it came: one line at most this long, no control characters. */
const words = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} must be at most ${max} characters`)
    .regex(/^\P{Cc}*$/u, `${what} must be printable text on one line`);
const position = z.number().int().min(0).max(10_000_000);
/** One frame of a stack: the script's absolute address (http, https, or file on a server), line and column from 1. */
const frameSchema = z.strictObject({
  file: z
    .string()
    .max(FRAME_FILE_MAX, `a frame's file must be at most ${FRAME_FILE_MAX} characters`)
    .regex(/^(?:https?|file):\/\/[^\s]+$/, "a frame's file must be an absolute http(s) or file address"),
  line: position,
  column: position,
  fn: words(FRAME_FN_MAX, "a frame's function").optional(),
});
/** An error's words (docs/releases.md, "Errors"): its message and its stack's first frames. */
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
  /** From a render server only (a bearer of its token): `count` pages alike, rendered in `ms` on average. */
  z.strictObject({
    type: z.literal('render'),
    outcome: z.enum(['rendered', 'browser']),
    reason: z.string().regex(/^[a-z_]{0,32}$/),
    count: z.number().int().min(1).max(1_000_000),
    ms,
    remote: tags.remote,
    release: tags.release,
  }),
  /** From a render server only: `count` pages it sent with a page token naming this release of the remote (page cache hits too). */
  z.strictObject({ type: z.literal('served'), count: z.number().int().min(1).max(1_000_000), remote: tags.remote, release: tags.release }),
  /** From a render server only: `count` renders of a screen that threw alike (grouped as `render_failed`). */
  z.strictObject({ type: z.literal('render_error'), count: z.number().int().min(1).max(1_000_000), ...errorWords, ...tags }),
]);
export type TelemetryEvent = z.infer<typeof telemetryEventSchema>;
/** What a page reports; the other kinds come from render servers only. */
export type PageEvent = Extract<TelemetryEvent, { type: 'view' | 'vital' | 'error' }>;

/** A page token as the render server sends it (docs/releases.md, "What is trusted and why"): two base64url parts. */
const pageToken = z
  .string()
  .max(2_048)
  .regex(/^[\w-]+\.[\w-]+$/, 'token must be the page token the render server sent');

export const telemetryBatchSchema = z.strictObject({
  /** The page's token: a page's events without a valid one are dropped. Render servers send their bearer token instead. */
  token: pageToken.optional(),
  events: z.array(telemetryEventSchema).min(1).max(TELEMETRY_MAX_EVENTS, `at most ${TELEMETRY_MAX_EVENTS} events in one batch`),
});
export type TelemetryBatch = z.infer<typeof telemetryBatchSchema>;

/** What POST /telemetry responds: how many events were counted, and how many were not (the API's metrics say why). */
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

/** A frame as the summary shows it: as the page sent it and, where the release uploaded its source maps, where it is in the source. */
const shownFrameSchema = z.object({
  file: z.string(),
  line: z.number(),
  column: z.number(),
  fn: z.string().optional(),
  original: z.object({ file: z.string(), line: z.number(), column: z.number(), name: z.string().optional() }).optional(),
});

/** Errors alike in one release (docs/releases.md, "Errors"): the words and frames of the first seen, and how many since. */
export const errorGroupSchema = z.object({
  /** Stable across releases for the same error; `other` holds what came past the groups a release keeps. */
  fingerprint: z.string(),
  kind: z.enum(ERROR_GROUP_KINDS),
  message: z.string(),
  screen: z.string(),
  count: z.number(),
  firstSeen: z.string(),
  lastSeen: z.string(),
  frames: z.array(shownFrameSchema),
});
export type ErrorGroup = z.infer<typeof errorGroupSchema>;

export const releaseHealthSchema = z.object({
  release: z.string(),
  pageViews: z.number(),
  errors: z.number(),
  /** Errors per page view; null without views. */
  errorRate: z.number().nullable(),
  errorsByKind: z.record(z.string(), z.number()),
  lcpP75: p75,
  inpP75: p75,
  clsP75: p75,
  ttfbP75: p75,
  renders: z.number(),
  renderFallbacks: z.number(),
  /** Pages left for the browser per page the render server served; null without any. */
  renderFallbackRate: z.number().nullable(),
  fallbacksByReason: z.record(z.string(), z.number()),
  renderP75Ms: p75,
  /** Pages the render servers sent with a token naming this release (cache hits too): page views and errors never count past the allowance per page. */
  pagesServed: z.number(),
  minutes: z.array(minuteSchema),
  /** The release's most frequent errors, at most 10, most seen first. */
  errorGroups: z.array(errorGroupSchema),
});
export type ReleaseHealth = z.infer<typeof releaseHealthSchema>;

export const telemetrySummarySchema = z.object({ remote: z.string(), since: z.string(), releases: z.array(releaseHealthSchema) });
export type TelemetrySummary = z.infer<typeof telemetrySummarySchema>;
