import type { AppConfig } from './config';
import type { ZodApp } from './context';
import type { ChangeFeed } from './db/change-feed';
import type { Db } from './db/client';
import type { ApiMetrics } from './features/metrics/metrics';
import { CanaryAnalyses } from './features/releases/analysis';
import { CanaryWatch } from './features/releases/auto-rollback';
import { AutomaticChanges } from './features/releases/automatic';
import { ReleaseMetrics } from './features/releases/release-metrics';
import { ReleaseWebhook } from './features/releases/webhook';
import { TelemetryBuffer } from './features/telemetry/buffer';

export interface BackgroundOptions {
  db: Db;
  config: AppConfig;
  clock: () => Date;
  changes: ChangeFeed;
}

/** The telemetry aggregates' writer and the canary watch, both stopped with the app, and the release webhook when one is set. */
export function startBackgroundWork(app: ZodApp, { db, config, clock, changes }: BackgroundOptions, metrics: ApiMetrics) {
  const telemetry = new TelemetryBuffer(db, config.telemetry, clock);
  const stopTelemetry = telemetry.start((error) => app.log.warn({ err: error }, 'telemetry aggregates could not be written'));
  app.addHook('onClose', stopTelemetry);
  const analyses = new CanaryAnalyses(db, config.releases.rollback, clock);
  const releaseMetrics = new ReleaseMetrics(metrics.registry, db);
  const { webhook: hook } = config.releases;
  const webhook = hook ? new ReleaseWebhook(hook, { clock, log: (message, error) => app.log.warn({ err: error }, message) }) : null;
  if (webhook) app.addHook('onClose', async () => webhook.close());
  const watch = new CanaryWatch({
    analyses,
    changes: new AutomaticChanges(db, clock),
    clock,
    announce: () => changes.publish(),
    changed: (event) => {
      app.log.warn({ remote: event.remote, version: event.version, action: event.event, reason: event.reason }, 'release changed automatically');
      releaseMetrics.changed(event.remote, event.event);
      void webhook?.send(event);
    },
  });
  // Judged on what every instance wrote: this instance writes its own numbers first (docs/releases.md, "The verdict").
  const stopWatch = watch.start(config.releases.rollback.checkMs, {
    before: () => telemetry.flush(),
    failed: (error) => app.log.warn({ err: error }, 'canaries could not be checked'),
  });
  app.addHook('onClose', async () => stopWatch());
  return { telemetry, analyses, webhook };
}
