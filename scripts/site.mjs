// One launcher for `npm start`, `npm run dev` and the browser suite, so all three run the same thing.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkPorts, createRunRecord, stopLeftovers } from './run-record.mjs';
import { startAuth } from './site/auth.mjs';
import { startFrontEnds } from './site/front-ends.mjs';
import { writeRuntimeFiles } from './site/runtime-files.mjs';
import { createSupervisor } from './site/supervisor.mjs';
import { REMOTE_NAMES, siteCorsOrigins } from './topology.mjs';

export { AlreadyRunningError, PortsInUseError } from './run-record.mjs';
export { buildMissing } from './site/build.mjs';
export { writeRuntimeFiles } from './site/runtime-files.mjs';
export { StartFailedError } from './site/supervisor.mjs';
export { FRONT_ENDS, defaultPorts } from './topology.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function startMailCatcher(supervisor, { ports, dataDir }) {
  return supervisor.startChild('mail', path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['src/cli/mail-catcher.ts'], {
    cwd: path.join(ROOT, 'api'),
    ports: [ports.mail],
    env: { MAIL_CATCHER_PORT: String(ports.mail), MAIL_CATCHER_DIR: path.join(dataDir, 'mail') },
  });
}

function startApi(supervisor, { ports, dataDir, publicHost, apiEnv }) {
  return supervisor.startChild('api', path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['src/server.ts'], {
    cwd: path.join(ROOT, 'api'),
    ports: [ports.api],
    env: {
      PORT: String(ports.api),
      DATA_DIR: dataDir,
      // Any origin the caller lists too (a remote run alone on a port of its choosing).
      CORS_ORIGINS: [...siteCorsOrigins(ports), process.env.CORS_ORIGINS].filter(Boolean).join(','),
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
      FIREBASE_PROJECT_ID: 'demo-usedcars',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(ports.mail),
      SITE_URL: `http://${publicHost}:${ports.shell}`,
      PUBLIC_API_URL: `http://${publicHost}:${ports.api}`,
      // The baseline set's own origins, beside any the operator lists: the builds the site started with may be registered too (docs/releases.md).
      RELEASE_ORIGINS: [...REMOTE_NAMES.map((name) => `http://${publicHost}:${ports[name]}`), process.env.RELEASE_ORIGINS].filter(Boolean).join(','),
      ...apiEnv,
    },
  });
}

/**
 * @param {object} o
 * @param {ReturnType<typeof defaultPorts>} o.ports
 * @param {string} o.dataDir     where the embedded database and emulator accounts live
 * @param {boolean} [o.dev]      webpack dev servers instead of production builds
 * @param {boolean} [o.quiet]    keep the parts' output out of the terminal (failures still quote it)
 * @param {string} [o.publicHost]
 * @param {Record<string,string>} [o.apiEnv]
 * @param {Record<string,string>} [o.renderEnv] the render server's settings (SSR_BUDGET_MS, …)
 * @param {AbortSignal} [o.signal] stops the start-up (and what it started) when aborted
 * @param {(line: string) => void} [o.log] where the launcher's own lines go
 */
export async function startSite(o) {
  const { ports, dataDir, dev = false, quiet = false, publicHost = 'localhost', signal } = o;
  const log = o.log ?? ((line) => console.log(line));
  const siteDir = path.join(dataDir, 'site');
  const logDir = path.join(siteDir, 'logs');
  mkdirSync(logDir, { recursive: true });

  // Before the ports are judged, so only strangers are reported.
  await stopLeftovers(siteDir, { log, checkout: ROOT });
  signal?.throwIfAborted();
  // Every port before anything starts: a half-started site that says "running" is worse than none.
  await checkPorts(ports);
  const record = createRunRecord(siteDir, { checkout: ROOT, dataDir, ports });
  const supervisor = createSupervisor({ siteDir, logDir, record, quiet, log, signal });

  try {
    const auth = await startAuth(supervisor, { ports, dataDir, logDir, signal });
    const mail = startMailCatcher(supervisor, { ports, dataDir });
    // The render server sends its render counts to the API with a token both hold (docs/operations.md, "Telemetry").
    const telemetryToken = o.apiEnv?.TELEMETRY_TOKEN ?? process.env.TELEMETRY_TOKEN ?? randomBytes(24).toString('hex');
    const api = startApi(supervisor, { ports, dataDir, publicHost, apiEnv: { TELEMETRY_TOKEN: telemetryToken, ...o.apiEnv } });
    const apiEnv = { ...process.env, ...o.apiEnv };
    writeRuntimeFiles(siteDir, { ports, publicHost, stripe: Boolean(apiEnv.STRIPE_SECRET_KEY && apiEnv.STRIPE_PUBLISHABLE_KEY) });
    const renderEnv = { TELEMETRY_TOKEN: telemetryToken, ...o.renderEnv };
    const checks = await startFrontEnds(supervisor, { root: ROOT, dev, ports, siteDir, quiet, renderEnv });
    checks.push(['api', `http://127.0.0.1:${ports.api}/health`, 120_000, api]);
    checks.push(['auth', `http://127.0.0.1:${ports.auth}/`, 30_000, auth]);
    checks.push(['mail', `tcp://127.0.0.1:${ports.mail}`, 60_000, mail]);
    await Promise.all(checks.map(([name, url, timeoutMs, part]) => supervisor.ready(name, url, timeoutMs, part)));
    supervisor.running();
    return { stop: supervisor.stop, url: `http://${publicHost}:${ports.shell}`, siteDir, logDir };
  } catch (error) {
    await supervisor.stop();
    throw supervisor.failure ?? error;
  }
}
