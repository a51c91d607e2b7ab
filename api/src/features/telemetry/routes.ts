import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { messageSchema } from '@usedcars/shared-contract';
import { TELEMETRY_MAX_BYTES, TELEMETRY_REMOTES, telemetryBatchSchema, telemetrySummarySchema } from '@usedcars/shared-contract/telemetry';
import type { ZodApp } from '../../context';
import type { Db } from '../../db/client';
import { forbidden } from '../../http/errors';
import { onlyRoles } from '../auth/route-auth';
import type { ApiMetrics } from '../metrics/metrics';
import { bearerMatches } from '../metrics/metrics';
import type { TelemetryBuffer, TelemetrySettings } from './buffer';
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
 * POST /telemetry (pages' vitals and errors, render servers' render counts) and the admin's
 * GET /telemetry/summary (docs/api.md, "Telemetry").
 */
export function telemetryRoutes(db: Db, buffer: TelemetryBuffer, settings: TelemetrySettings, metrics: ApiMetrics, clock: () => Date): FastifyPluginAsync {
  const fromRenderServer = (request: FastifyRequest) => !!settings.serverToken && bearerMatches(request.headers.authorization, settings.serverToken);
  return async (plain) => {
    const scope = plain as unknown as ZodApp;
    scope.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: TELEMETRY_MAX_BYTES }, parseJson);
    scope.addHook('onResponse', (request, reply, done) => {
      if (request.method === 'POST') metrics.telemetryBatches.inc({ outcome: reply.statusCode < 300 ? 'accepted' : String(reply.statusCode) });
      done();
    });

    scope.post(
      '/telemetry',
      {
        bodyLimit: TELEMETRY_MAX_BYTES,
        config: {
          rateLimit: { max: settings.batchesPerMinute, timeWindow: '1 minute', allowList: (request: FastifyRequest) => fromRenderServer(request) },
          // Health numbers change nothing a page shows: a beacon must not drop every render server's page cache.
          quietWrite: true,
        },
        schema: {
          tags: ['telemetry'],
          summary: "Takes a batch of a page's Web Vitals and errors, or a render server's render counts",
          description:
            `At most ${TELEMETRY_MAX_BYTES / 1024} KB and 50 events, as JSON (text/plain too, as navigator.sendBeacon sends it). ` +
            'Added up per minute, remote and release; no event is kept. 413 past the size, 400 malformed, 429 past the per-address rate, ' +
            '403 for render counts without the render servers’ token.',
          body: telemetryBatchSchema,
          response: { 204: z.null(), 400: messageSchema, 403: messageSchema, 413: messageSchema, 429: messageSchema },
        },
      },
      async (request, reply) => {
        const { events } = request.body;
        if (events.some((event) => event.type === 'render') && !fromRenderServer(request)) throw forbidden('Render counts come from the render servers only');
        buffer.add(events);
        return reply.code(204).send(null);
      },
    );

    scope.get(
      '/telemetry/summary',
      {
        config: { auth: onlyRoles(['admin'], 'read the health numbers') },
        schema: {
          tags: ['telemetry'],
          summary:
            'Each release of a remote since a time (an hour ago by default): page views, errors, p75 Web Vitals, render fallbacks, per minute (admin only)',
          querystring: summaryQuery,
          response: { 200: telemetrySummarySchema, 400: messageSchema },
        },
      },
      async (request) => {
        // This copy's numbers are written first; other copies' arrive within their flush interval.
        await buffer.flush();
        const now = clock().getTime();
        const asked = request.query.since ? new Date(request.query.since).getTime() : now - 60 * 60_000;
        const since = new Date(Math.max(asked, now - settings.retentionDays * DAY));
        return telemetrySummary(db, request.query.remote, since);
      },
    );
  };
}
