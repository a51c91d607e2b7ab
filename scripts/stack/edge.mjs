/** The cache (Varnish with xkey) and the balancer (HAProxy) from the repository's reference configuration (deploy/). */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A deploy/ file with its placeholders (a dollar sign and a name in braces) filled in; a name it does not know is an error, never an empty port. */
export function fillTemplate(text, values) {
  return text.replace(/\$\{([A-Z0-9_]+)\}/g, (_, name) => {
    if (!(name in values)) throw new Error(`no value for \${${name}}`);
    return String(values[name]);
  });
}

/**
 * The stack's sampler unless the standard variables name another (docs/performance.md, "Tracing"): a twentieth of the
 * traces the balancer starts, and every request that arrives with a sampled traceparent.
 */
export function traceSampling(env = process.env) {
  return {
    OTEL_TRACES_SAMPLER: env.OTEL_TRACES_SAMPLER?.trim() || 'parentbased_traceidratio',
    OTEL_TRACES_SAMPLER_ARG: env.OTEL_TRACES_SAMPLER_ARG?.trim() || '0.05',
  };
}

/**
 * The share of new traces the balancer marks sampled, from the standard variables the render servers and the API read
 * (docs/operations.md, "Traces"): the same ratio, so a trace started at the balancer is kept or left whole.
 */
export function sampledShare(env = process.env) {
  const sampler = env.OTEL_TRACES_SAMPLER?.trim() || 'parentbased_always_on';
  if (/always_off$/.test(sampler)) return 0;
  if (!/traceidratio$/.test(sampler)) return 1;
  const ratio = Number(env.OTEL_TRACES_SAMPLER_ARG?.trim() || '1');
  return Number.isFinite(ratio) && ratio >= 0 && ratio <= 1 ? ratio : 1;
}

/** What the configuration files' placeholders stand for. */
function templateValues(ports, siteDir, tracesSampled = 1) {
  return {
    TRACE_SAMPLED_PER_MILLION: Math.round(tracesSampled * 1_000_000),
    ADMIN_SOCKET: adminSocket(siteDir),
    PAGES_FRONTEND_PORT: ports.pagesFrontend,
    API_FRONTEND_PORT: ports.apiFrontend,
    FILES_FRONTEND_PORT: ports.filesFrontend,
    API_1_PORT: ports.api1,
    API_2_PORT: ports.api2,
    RENDER_1_PORT: ports.render1,
    RENDER_2_PORT: ports.render2,
    CACHE_PAGES_PORT: ports.cachePages,
    CACHE_FILES_PORT: ports.cacheFiles,
    CACHE_PURGE_PORT: ports.cachePurge,
    S3_PORT: ports.s3,
    REMOTE_FILES_PORT: ports.remoteFiles,
    BALANCER_METRICS_PORT: ports.balancerMetrics,
  };
}

function writeConfig(root, siteDir, from, values) {
  const dir = path.join(siteDir, 'edge');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, path.basename(from));
  writeFileSync(file, fillTemplate(readFileSync(path.join(root, 'deploy', from), 'utf8'), values));
  return file;
}

/** The balancer's runtime API (a Unix socket): what an operator drains a server with. */
const adminSocket = (siteDir) => path.join(siteDir, 'edge', 'haproxy.sock');

/** Varnish's working folder: its statistics (varnishstat, the cache's exporter) are read from there. */
export const cacheWorkDir = (siteDir) => path.join(siteDir, 'edge', 'varnish');

/**
 * varnishd in the foreground: a "pages" and a "files" socket that take the balancer's PROXY protocol (so the cache
 * sees each visitor's own address), a "purge" socket for the render servers, 256 MB of memory for objects.
 * Compression is the backends' (brotli or gzip, one copy each), not Varnish's own gzip. It runs as the launcher's
 * user (no jail).
 */
export function startCache(supervisor, { root, siteDir, ports }) {
  const vcl = writeConfig(root, siteDir, 'varnish/default.vcl', templateValues(ports, siteDir));
  const workDir = cacheWorkDir(siteDir);
  mkdirSync(workDir, { recursive: true });
  return supervisor.startChild(
    'cache',
    '/usr/sbin/varnishd',
    [
      '-F',
      '-j',
      'none',
      '-n',
      workDir,
      '-f',
      vcl,
      '-a',
      `pages=127.0.0.1:${ports.cachePages},PROXY`,
      '-a',
      `files=127.0.0.1:${ports.cacheFiles},PROXY`,
      '-a',
      `purge=127.0.0.1:${ports.cachePurge}`,
      '-T',
      'none',
      '-s',
      'malloc,256m',
      '-p',
      'http_gzip_support=off',
    ],
    { cwd: siteDir, ports: [ports.cachePages, ports.cacheFiles, ports.cachePurge], env: {} },
  );
}

/** What the balancer says when it takes a server out or puts it back, or a backend has none left: told in the terminal. */
const TAKEN_OUT_OR_BACK = /^(Server \S+ is (going )?(DOWN|UP)\b|backend \S+ has no server available)/;

/** The balancer's configuration as the stack runs it, written into the site's edge/ folder: its path. */
export function writeBalancerConfig({ root, siteDir, ports, tracesSampled = 1 }) {
  return writeConfig(root, siteDir, 'haproxy/haproxy.cfg', templateValues(ports, siteDir, tracesSampled));
}

/** haproxy in the foreground, with the public addresses; `tracesSampled`, the share of the traces it starts marked sampled. */
export function startBalancer(supervisor, { root, siteDir, ports, tracesSampled }) {
  const cfg = writeBalancerConfig({ root, siteDir, ports, tracesSampled });
  return supervisor.startChild('balancer', '/usr/sbin/haproxy', ['-db', '-f', cfg], {
    cwd: siteDir,
    ports: [ports.pagesFrontend, ports.apiFrontend, ports.filesFrontend, ports.balancerMetrics],
    env: {},
    notable: TAKEN_OUT_OR_BACK,
  });
}
