/** The cache (Varnish with xkey) and the balancer (HAProxy) from the repository's reference configuration (deploy/). */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A deploy/ file with its placeholders (a dollar sign and a name in braces) filled in; a name it does not know is an error, never an empty port. */
function fillTemplate(text, values) {
  return text.replace(/\$\{([A-Z0-9_]+)\}/g, (_, name) => {
    if (!(name in values)) throw new Error(`no value for \${${name}}`);
    return String(values[name]);
  });
}

/** What the configuration files' placeholders stand for. */
function templateValues(ports, siteDir) {
  return {
    ADMIN_SOCKET: adminSocket(siteDir),
    PAGES_DOOR_PORT: ports.pagesDoor,
    API_DOOR_PORT: ports.apiDoor,
    FILES_DOOR_PORT: ports.filesDoor,
    API_1_PORT: ports.api1,
    API_2_PORT: ports.api2,
    RENDER_1_PORT: ports.render1,
    RENDER_2_PORT: ports.render2,
    CACHE_PAGES_PORT: ports.cachePages,
    CACHE_FILES_PORT: ports.cacheFiles,
    CACHE_PURGE_PORT: ports.cachePurge,
    S3_PORT: ports.s3,
    REMOTE_FILES_PORT: ports.remoteFiles,
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

/**
 * varnishd in the foreground: a "pages" and a "files" socket that take the balancer's PROXY protocol (so the cache
 * sees each visitor's own address), a "purge" socket for the render servers, 256 MB of memory for objects.
 * Compression is the backends' (brotli or gzip, one copy each), not Varnish's own gzip. It runs as the launcher's
 * user (no jail).
 */
export function startCache(supervisor, { root, siteDir, ports }) {
  const vcl = writeConfig(root, siteDir, 'varnish/default.vcl', templateValues(ports, siteDir));
  const workDir = path.join(siteDir, 'edge', 'varnish');
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

/** haproxy in the foreground, with the front doors. */
export function startBalancer(supervisor, { root, siteDir, ports }) {
  const cfg = writeConfig(root, siteDir, 'haproxy/haproxy.cfg', templateValues(ports, siteDir));
  return supervisor.startChild('balancer', '/usr/sbin/haproxy', ['-db', '-f', cfg], {
    cwd: siteDir,
    ports: [ports.pagesDoor, ports.apiDoor, ports.filesDoor],
    env: {},
    notable: TAKEN_OUT_OR_BACK,
  });
}
