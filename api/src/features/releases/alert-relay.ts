import { z } from 'zod';
import { featureRoutes } from '../../context';
import { bearerMatches } from '../metrics/metrics';
import type { ReleaseWebhook } from './webhook';

// docs/operations.md, "Alerts": Alertmanager cannot sign with RELEASE_WEBHOOK_SECRET, so it posts here and the API signs.

const label = z.record(z.string(), z.string());

/** One alert as Alertmanager's webhook (version 4) sends it; what else it sends is not relayed. */
const alertSchema = z.object({
  status: z.enum(['firing', 'resolved']),
  labels: label,
  annotations: label.default({}),
  startsAt: z.string().max(64),
  endsAt: z.string().max(64).optional(),
});

const notificationSchema = z.object({
  status: z.enum(['firing', 'resolved']),
  alerts: z.array(alertSchema).min(1).max(100),
});

type AlertNotification = z.infer<typeof notificationSchema>;

/** The delivery RELEASE_WEBHOOK_URL receives: the release events' envelope with `event: "alert"` (docs/releases.md, "Being told"). */
function alertEvent(notification: AlertNotification, at: Date) {
  return {
    event: 'alert' as const,
    status: notification.status,
    alerts: notification.alerts.map(({ status, labels, annotations, startsAt, endsAt }) => ({
      status,
      name: labels.alertname ?? '',
      summary: annotations.summary ?? '',
      labels,
      startsAt,
      ...(status === 'resolved' && endsAt ? { endsAt } : {}),
    })),
    at: at.toISOString(),
  };
}

/**
 * POST /monitoring/alerts: Alertmanager's webhook, with the monitoring's token (METRICS_TOKEN, as it scrapes with),
 * relayed signed to RELEASE_WEBHOOK_URL in the background. Anyone without the token gets a 404, as for /metrics.
 */
export const alertRelayRoutes = featureRoutes<{ webhook: ReleaseWebhook; token: string; clock: () => Date }>(
  'alert-relay-routes',
  async (app, { webhook, token, clock }) => {
    app.post(
      '/monitoring/alerts',
      {
        // Nothing any other instance keeps changes: no change to announce.
        config: { quietWrite: true },
        onRequest: async (request, reply) => {
          if (!bearerMatches(request.headers.authorization, token)) return reply.code(404).send({ message: 'Not found' });
        },
        schema: { hide: true, body: notificationSchema },
      },
      async (request, reply) => {
        void webhook.send(alertEvent(request.body, clock()));
        return reply.code(202).send({ relayed: request.body.alerts.length });
      },
    );
  },
);
