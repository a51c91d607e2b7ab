import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { messageSchema } from '@usedcars/shared-contract';
import {
  TELEMETRY_MAX_BYTES,
  TELEMETRY_REMOTES,
  type TelemetryBatch,
  type TelemetryEvent,
  telemetryBatchSchema,
  telemetryReceiptSchema,
  telemetrySummarySchema,
} from '@usedcars/shared-contract/telemetry';
import { featureRoutes } from '../../context';
import type { Db } from '../../db/client';
import { forbidden } from '../../http/errors';
import { onlyRoles } from '../auth/route-auth';
import type { ApiMetrics } from '../metrics/metrics';
import { bearerMatches } from '../metrics/metrics';
import { BrowserMetrics } from './browser-metrics';
import type { TelemetryBuffer, TelemetrySettings } from './buffer';
import { NetworkNames } from './networks';
import { PageEvents } from './page-events';
import type { DropReason } from './page-tokens';
import type { RegisteredReleases } from './registered-releases';
import { SourceMaps } from './source-maps';
import { telemetrySummary } from './summary';

const DAY = 24 * 60 * 60_000;

const summaryQuery = z.strictObject({
  remote: z.enum(TELEMETRY_REMOTES, { error: `remote must be one of ${TELEMETRY_REMOTES.join(', ')}` }),
  since: z.iso.datetime({ offset: true, error: 'since must be a date and time such as 2026-11-25T14:00:00Z' }).optional(),
});

/** A JSON body whatever its type says: navigator.sendBeacon sends text/plain, which needs no CORS preflight. */
function parseJson(_request: FastifyRequest, body: string, done: (error: Error | null, value?: unknown) => void): void {
  try {
    done(null, JSON.parse(body));
  } catch {
    done(Object.assign(new Error('The body is not valid JSON'), { statusCode: 400 }));
  }
}

/**
 * POST /telemetry (pages' vitals and errors under the token of a page the site served, render
 * servers' counts under theirs) and the admin's GET /telemetry/summary (docs/api.md, "Telemetry").
 */
export interface TelemetryRouteOptions {
  db: Db;
  buffer: TelemetryBuffer;
  registered: RegisteredReleases;
  settings: TelemetrySettings;
  metrics: ApiMetrics;
  clock: () => Date;
  /** Where release files are served from: a frame under it is a release's, resolved through its source maps. */
  releaseFilesBaseUrl: string;
}

/** What only the render servers send: their render counts, the pages they served, and screens that threw while rendering. */
const fromRenderServersOnly = (event: TelemetryEvent) => event.type === 'render' || event.type === 'served' || event.type === 'render_error';

export const telemetryRoutes = featureRoutes<TelemetryRouteOptions>(
  'telemetry-routes',
  async (scope, { db, buffer, registered, settings, metrics, clock, releaseFilesBaseUrl }) => {
    const fromRenderServer = (request: FastifyRequest) => !!settings.serverToken && bearerMatches(request.headers.authorization, settings.serverToken);
    const pages = new PageEvents(settings.serverToken, registered, clock);
    // The balancer's forwarded address when TRUST_PROXY says so (request.ip), else the connection's.
    const networks = settings.serverToken ? new NetworkNames(settings.serverToken) : null;
    const browser = new BrowserMetrics(metrics.registry);
    const sourceMaps = new SourceMaps(db, releaseFilesBaseUrl);
    /** A page's batch with a valid token is bounded by its token, not by the address it came from (many visitors may share one). */
    const withPageToken = (request: FastifyRequest) => pages.valid((request.body as Partial<TelemetryBatch> | undefined)?.token);
    scope.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: TELEMETRY_MAX_BYTES }, parseJson);
    /** What the response says, and the API's metrics say why. */
    const receipt = (accepted: number, dropped: readonly DropReason[], full: number) => {
      for (const reason of dropped) metrics.telemetryDropped.inc({ reason });
      if (full > 0) metrics.telemetryDropped.inc({ reason: 'full' }, full);
      return { accepted, dropped: dropped.length + full };
    };
    scope.addHook('onResponse', (request, reply, done) => {
      if (request.method === 'POST') metrics.telemetryBatches.inc({ outcome: reply.statusCode < 300 ? 'accepted' : String(reply.statusCode) });
      done();
    });

    scope.post(
      '/telemetry',
      {
        bodyLimit: TELEMETRY_MAX_BYTES,
        config: {
          // Counted once the body is read, so that a page's token can be seen.
          rateLimit: {
            hook: 'preHandler',
            max: settings.batchesPerMinute,
            timeWindow: '1 minute',
            allowList: (request: FastifyRequest) => fromRenderServer(request) || withPageToken(request),
          },
          // Health numbers change nothing a page shows: a beacon must not drop every render server's page cache.
          quietWrite: true,
        },
        schema: {
          tags: ['telemetry'],
          summary: "Takes a batch of a page's Web Vitals and errors with its page token, or a render server's counts and render errors",
          description:
            `At most ${TELEMETRY_MAX_BYTES / 1024} KB and 50 events, as JSON (text/plain too, as navigator.sendBeacon sends it). ` +
            'A page’s events count only under the token the render server sent with it, for the releases it names, up to its allowance; ' +
            'the rest are dropped (202 says how many). Added up per minute, remote and release, errors also grouped by fingerprint with ' +
            'the first one’s message and frames; no event is kept. 413 past the size, 400 malformed (a message past 300 characters, ' +
            'more than 5 frames, a frame’s file that is not an absolute address), 429 past the per-address rate of batches without a ' +
            'valid page token, 403 for render counts or render errors without the render servers’ token.',
          body: telemetryBatchSchema,
          response: { 202: telemetryReceiptSchema, 400: messageSchema, 403: messageSchema, 413: messageSchema, 429: messageSchema },
        },
      },
      async (request, reply) => {
        const { token, events } = request.body;
        const server = fromRenderServer(request);
        if (events.some(fromRenderServersOnly) && !server) throw forbidden('Render counts and render errors come from the render servers only');
        if (server) {
          const held = buffer.add(events);
          return reply.code(202).send(receipt(held.length, [], events.length - held.length));
        }
        const network = networks?.nameOf(request.ip) ?? null;
        const { counted, dropped } = await pages.admit(token, events, network);
        const held = buffer.add(counted, network ?? undefined);
        browser.count(held);
        return reply.code(202).send(receipt(held.length, dropped, counted.length - held.length));
      },
    );

    scope.get(
      '/telemetry/summary',
      {
        config: { auth: onlyRoles(['admin'], 'read the health numbers') },
        schema: {
          tags: ['telemetry'],
          summary:
            'Each release of a remote since a time (an hour ago by default): page views, errors, p75 Web Vitals, render fallbacks, per minute, and its top error groups (admin only)',
          querystring: summaryQuery,
          response: { 200: telemetrySummarySchema, 400: messageSchema },
        },
      },
      async (request) => {
        // This instance's numbers are written first; other instances' arrive within their flush interval.
        await buffer.flush();
        const now = clock().getTime();
        const asked = request.query.since ? new Date(request.query.since).getTime() : now - 60 * 60_000;
        const since = new Date(Math.max(asked, now - settings.retentionDays * DAY));
        return telemetrySummary(db, sourceMaps, request.query.remote, since);
      },
    );
  },
  ['@fastify/rate-limit'],
);
