// `npm run stack`: the production shape on one machine (docs/operate-production.md).
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { processInfo } from './processes.mjs';
import { checkPorts, createRunRecord, stopLeftovers } from './run-record.mjs';
import { ROOT, startMailCatcher } from './site.mjs';
import { startAuth } from './site/auth.mjs';
import { buildMissing } from './site/build.mjs';
import { writeRuntimeFiles } from './site/runtime-files.mjs';
import { createSupervisor } from './site/supervisor.mjs';
import { cacheWorkDir, sampledShare, startBalancer, startCache, traceSampling } from './stack/edge.mjs';
import { startMonitoring, watchAlerts } from './stack/monitoring.mjs';
import { publicAddresses, portList } from './stack/ports.mjs';
import { BUCKET, objectStoreEnv, startObjectStore, startPostgres } from './stack/storage.mjs';
import { startApiInstance, startRemoteFiles, startRenderServer } from './stack/servers.mjs';

export { publicAddresses, stackPorts } from './stack/ports.mjs';

/** A part's pid and its process group (the part as a whole): the same for the children it spawned, whose group it leads. */
function pidsOf(part) {
  const pid = typeof part === 'number' ? part : part.child.pid;
  return { pid, group: processInfo(pid)?.pgid ?? pid };
}

// Every API instance and render server samples alike, and the balancer marks the same share (docs/operations.md, "Traces").
const TRACE_SAMPLING = traceSampling();

/** docs/operate-scale-out.md. */
function apiSettings({ ports, publicUrls, databaseUrl, secrets, apiEnv }) {
  return {
    DATABASE_URL: databaseUrl,
    JWT_SECRET: secrets.jwt,
    TELEMETRY_TOKEN: secrets.telemetry,
    METRICS_TOKEN: secrets.metrics,
    // Photos from the page's own host (a page's largest picture then needs no other connection), releases from the files' host.
    ...objectStoreEnv({ port: ports.s3, publicBaseUrl: `${publicUrls.pages}/${BUCKET}` }),
    RELEASE_PUBLIC_BASE_URL: `${publicUrls.files}/${BUCKET}`,
    CORS_ORIGINS: [publicUrls.pages, `http://127.0.0.1:${ports.pagesFrontend}`].join(','),
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${ports.auth}`,
    FIREBASE_PROJECT_ID: 'demo-usedcars',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(ports.mail),
    SITE_URL: publicUrls.pages,
    PUBLIC_API_URL: publicUrls.api,
    // The baseline set's files are on the files' host, and so are the bucket's releases.
    RELEASE_ORIGINS: publicUrls.files,
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // Each span's deployment.environment (docs/operations.md, "Traces").
    DEPLOYMENT_ENVIRONMENT: process.env.DEPLOYMENT_ENVIRONMENT ?? 'stack',
    ...TRACE_SAMPLING,
    ...apiEnv,
  };
}

/**
 * @param {object} o
 * @param {ReturnType<typeof import('./stack/ports.mjs').stackPorts>} o.ports
 * @param {string} o.dataDir          emptied at every start: the stack's database and bucket are thrown away at its stop
 * @param {boolean} [o.quiet]
 * @param {number} [o.renderWorkers]  per render server (2)
 * @param {Record<string,string>} [o.apiEnv]
 * @param {Record<string,string>} [o.renderEnv]
 * @param {AbortSignal} [o.signal]
 * @param {(line: string) => void} [o.log]
 */
export async function startStack(o) {
  const { ports, dataDir, quiet = false, signal } = o;
  const log = o.log ?? ((line) => console.log(line));
  const siteDir = path.join(dataDir, 'site');
  const logDir = path.join(siteDir, 'logs');
  await stopLeftovers(siteDir, { log, checkout: ROOT });
  signal?.throwIfAborted();
  await checkPorts(portList(ports));
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(logDir, { recursive: true });
  const record = createRunRecord(siteDir, { checkout: ROOT, dataDir, ports: portList(ports) });
  const supervisor = createSupervisor({ siteDir, logDir, record, quiet, log, signal });
  const publicUrls = publicAddresses(ports);
  const secrets = {
    jwt: randomBytes(48).toString('base64'),
    telemetry: o.apiEnv?.TELEMETRY_TOKEN ?? randomBytes(24).toString('hex'),
    // What Prometheus scrapes the API instances and render servers with (docs/operations.md, "Metrics").
    metrics: randomBytes(24).toString('hex'),
  };
  const parts = [];

  try {
    await supervisor.guard(buildMissing(log, undefined, { signal: supervisor.failed }));
    const postgres = startPostgres(supervisor, record, { root: ROOT, port: ports.postgres, log });
    parts.push(['postgres', postgres.url, postgres.pid]);
    const s3 = startObjectStore(supervisor, { root: ROOT, dataDir, port: ports.s3 });
    parts.push(['s3', `http://127.0.0.1:${ports.s3}/${BUCKET}`, s3]);
    await supervisor.ready('s3', `tcp://127.0.0.1:${ports.s3}`, 30_000, s3);
    const auth = await startAuth(supervisor, { ports: { auth: ports.auth }, dataDir, logDir, signal });
    parts.push(['auth', `http://127.0.0.1:${ports.auth}`, auth]);
    const mail = startMailCatcher(supervisor, { ports: { mail: ports.mail }, dataDir });
    parts.push(['mail', `smtp://127.0.0.1:${ports.mail}`, mail]);

    const shared = apiSettings({ ports, publicUrls, databaseUrl: postgres.url, secrets, apiEnv: o.apiEnv });
    const copies = [
      ['api-1', ports.api1],
      ['api-2', ports.api2],
    ].map(([name, port]) => [name, `http://127.0.0.1:${port}`, startApiInstance(supervisor, { root: ROOT, name, port, dataDir, shared }), '/health']);
    parts.push(...copies);
    // The render servers read the release registry and follow the change stream from their first page on.
    await Promise.all(copies.map(([name, address, part, probe]) => supervisor.ready(name, `${address}${probe}`, 120_000, part)));

    await startRemoteFiles(supervisor, { root: ROOT, siteDir, port: ports.remoteFiles });
    parts.push(['files', `http://127.0.0.1:${ports.remoteFiles}`, process.pid]);
    writeRuntimeFiles(siteDir, {
      ports: { auth: ports.auth },
      publicHost: 'localhost',
      addresses: { remote: (name) => `${publicUrls.files}/${name}`, api: publicUrls.api },
    });
    const renderEnv = {
      TELEMETRY_TOKEN: secrets.telemetry,
      METRICS_TOKEN: secrets.metrics,
      CACHE_PURGE_URL: `http://127.0.0.1:${ports.cachePurge}/`,
      RENDER_WORKERS: String(o.renderWorkers ?? 2),
      TRUST_PROXY: 'loopback',
      DEPLOYMENT_ENVIRONMENT: process.env.DEPLOYMENT_ENVIRONMENT ?? 'stack',
      ...TRACE_SAMPLING,
      ...o.renderEnv,
    };
    for (const [name, port] of [
      ['render-1', ports.render1],
      ['render-2', ports.render2],
    ]) {
      parts.push([name, `http://127.0.0.1:${port}`, startRenderServer(supervisor, { root: ROOT, name, port, siteDir, env: renderEnv }), '/healthz']);
    }
    // Its pages and files sockets take only the balancer's PROXY protocol: it is checked on the purge socket.
    parts.push(['cache', `http://127.0.0.1:${ports.cachePurge}`, startCache(supervisor, { root: ROOT, siteDir, ports }), '/healthz']);
    const tracesSampled = sampledShare({ ...TRACE_SAMPLING, ...o.renderEnv });
    parts.push(['balancer', publicUrls.pages, startBalancer(supervisor, { root: ROOT, siteDir, ports, tracesSampled }), '/healthz']);
    parts.push(
      ...startMonitoring(supervisor, {
        root: ROOT,
        siteDir,
        ports,
        metricsToken: secrets.metrics,
        adminMail: process.env.ALERT_MAIL ?? 'admin@usedcars.test',
        // Alerts to the release webhook too, through the API, which signs them (docs/operations.md, "Alerts").
        alertRelay: (o.apiEnv?.RELEASE_WEBHOOK_URL ?? process.env.RELEASE_WEBHOOK_URL)?.trim() ? `${publicUrls.api}/monitoring/alerts` : null,
        databaseUrl: postgres.url,
        cacheDir: cacheWorkDir(siteDir),
      }),
    );

    const checks = parts
      .filter(([, , , probe]) => probe)
      .map(([name, address, part, probe]) => supervisor.ready(name, `${address.replace('localhost', '127.0.0.1')}${probe}`, 120_000, part));
    checks.push(supervisor.ready('auth', `http://127.0.0.1:${ports.auth}/`, 30_000, auth));
    checks.push(supervisor.ready('mail', `tcp://127.0.0.1:${ports.mail}`, 60_000, mail));
    checks.push(supervisor.ready('api frontend', `${publicUrls.api}/health`, 120_000));
    await Promise.all(checks);
    const stopWatchingAlerts = watchAlerts(`http://127.0.0.1:${ports.prometheus}`, log);
    supervisor.onStop(async () => stopWatchingAlerts());
    supervisor.running();
    return {
      stop: supervisor.stop,
      parts: parts.map(([name, address, part]) => ({ name, address, ...pidsOf(part) })),
      publicAddresses: publicUrls,
      siteDir,
      logDir,
      telemetryToken: secrets.telemetry,
    };
  } catch (error) {
    await supervisor.stop();
    throw supervisor.failure ?? error;
  }
}
