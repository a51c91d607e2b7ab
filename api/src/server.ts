import pg from 'pg';
import { buildApp } from './app';
import { settingsFromEnv } from './config';
import { ConfigError } from './envValues';
import { openChangeFeed } from './db/change-feed';
import { openConfiguredDatabase } from './db/client';
import { DataDirInUseError } from './db/pglite-lock';
import { FirebaseIdentity } from './features/auth/identity';
import { metricsServer } from './features/metrics/metrics';
import { createGateway } from './features/payments/settings';
import { storageFromSettings } from './features/photos/storage';
import { smtpSender } from './mail/outbox';
import { unsubscribeSecretOf } from './mail/settings';
import { UnsubscribeTokens } from './mail/unsubscribe';
import { demoPhotoCacheDir } from './seed/demo-photos';
import { DemoAccountError, ensureDemoAccounts } from './seed/demo-users';
import { prepareDatabase } from './seed/seed';
import { startApiTracing } from './tracing/tracing';
import { DEMO_PASSWORD_DEFAULT } from './seed/demo-data';

const EMULATOR_ATTEMPTS = 60;
const EMULATOR_RETRY_MS = 1_000;

async function main(): Promise<void> {
  // Refuses an emulator where it must not be, before anything is opened or written.
  const settings = settingsFromEnv();
  // Before the database and the app are opened: their statements and requests are traced (docs/operations.md, "Traces").
  const tracing = await startApiTracing();
  const identity = new FirebaseIdentity(settings.identity);
  const database = openConfiguredDatabase(settings);
  const photoStorage = storageFromSettings(settings.app.photos.storage);
  const seeded = await prepareDatabase(database, {
    demoSignIns: identity.isEmulator,
    photos: { storage: photoStorage, cacheDir: demoPhotoCacheDir() },
    mileageUnit: settings.app.site.mileageUnit,
  });
  // The feed starts before the app and its logger exist; its warnings go to the app's log once there is one.
  let warn = (message: string, error?: unknown) => console.warn(message, error ?? '');
  const changes = await openChangeFeed(database, (message, error) => warn(message, error));
  const pool = database.client instanceof pg.Pool ? database.client : undefined;
  const app = await buildApp({
    db: database.db,
    identity,
    gateway: createGateway(settings.payments, database.db),
    config: settings.app,
    changes,
    photoStorage,
    pool,
  });
  warn = (message, error) => app.log.warn({ err: error }, message);
  const mailTokens = new UnsubscribeTokens(unsubscribeSecretOf(settings.app.mail, settings.app.jwtSecret));
  const mail = smtpSender(database.db, settings.app.mail, mailTokens, (message, error) => app.log.warn({ err: error }, message));
  mail.start();
  app.addHook('onClose', () => mail.stop());
  app.addHook('onClose', async () => {
    await identity.close();
    await database.close();
    await tracing?.shutdown();
  });
  if (seeded) app.log.info('empty database: demo data seeded');

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      closing = true;
      app.log.info({ signal }, 'shutting down');
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }

  // Beside the emulator, the demo accounts exist before the API responds: whoever waits for
  // /health (npm start, the browser suite) can sign in with them at once. The emulator may
  // still be settling, so this retries; demo sign-ins are a convenience, never a reason to stop.
  if (identity.isEmulator) {
    const password = process.env.DEMO_PASSWORD || DEMO_PASSWORD_DEFAULT;
    for (let attempt = 1; attempt <= EMULATOR_ATTEMPTS && !closing; attempt += 1) {
      try {
        const linked = await ensureDemoAccounts(identity, database.db, password);
        app.log.info(`demo sign-in accounts ready in the Auth emulator (${linked})`);
        break;
      } catch (error) {
        // The message names the cause: the emulator still starting, or its own refusal of one account.
        const cause = error instanceof DemoAccountError ? error.message : 'demo sign-in accounts could not be made';
        if (attempt === EMULATOR_ATTEMPTS || (error instanceof DemoAccountError && !error.worthRetrying)) {
          app.log.error({ err: error }, `${cause}; starting without them`);
          break;
        }
        app.log.warn({ err: error, attempt }, `${cause}; retrying`);
        await new Promise((resolve) => setTimeout(resolve, EMULATOR_RETRY_MS));
      }
    }
  }

  const { metrics } = settings.app;
  const scrape = metrics.port ? metricsServer(app.metrics.registry) : null;
  if (scrape) app.addHook('onClose', () => scrape.close());
  await app.listen({ port: settings.port, host: settings.host });
  if (scrape) {
    await scrape.listen({ port: metrics.port, host: metrics.host });
    app.log.info(`metrics on http://${metrics.host}:${metrics.port}/metrics`);
  }
  app.log.info(`card payments: ${settings.payments.gateway} gateway`);
  app.log.info(`database: ${database.driver}${database.driver === 'pglite' ? ` in ${settings.pgliteDir}` : ''}`);
}

main().catch((error: unknown) => {
  // A refused set-up is the operator's to fix: the message says how, a stack would bury it.
  console.error(error instanceof ConfigError || error instanceof DataDirInUseError ? `The API will not start: ${error.message}` : error);
  process.exit(1);
});
