#!/usr/bin/env node
// As a CDN would (docs/operations.md, "What to cache where"): <dir> [--port 3000] [--spa] [--origins https://a,https://b]
import { createServer } from 'node:http';
import { createReadStream, promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultPorts } from './topology.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};
const HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+$/i;

async function statFile(file) {
  try {
    const stat = await fs.stat(file);
    return stat.isFile() ? stat : null;
  } catch {
    return null;
  }
}

/**
 * @param {readonly string[] | undefined} origins
 * @param {string | undefined} origin the request's Origin header
 * @returns {Record<string, string>}
 */
function crossOriginHeaders(origins, origin) {
  if (!origins) return { 'Access-Control-Allow-Origin': '*' };
  return origin && origins.includes(origin) ? { 'Access-Control-Allow-Origin': origin } : {};
}

/** @returns {Promise<import('node:http').Server>} listening */
/**
 * @param {object} o
 * @param {Record<string,string|(() => string)>} [o.inject] request path → body (or a function read on
 *   every request) served instead of the file, for
 *   the deploy-time JSON files (remotes.json, config.json) when a server wants to provide them
 * @param {readonly string[]} [o.origins] the origins whose pages may read these files; any when absent
 */
export async function serveStatic({ dir, port = 0, host = '127.0.0.1', spa = false, inject = {}, origins }) {
  const rootDir = path.resolve(dir);
  const server = createServer(async (req, res) => {
    try {
      const cors = crossOriginHeaders(origins, req.headers.origin);
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD' }).end();
        return;
      }
      const url = new URL(req.url ?? '/', 'http://localhost');
      let rel;
      try {
        rel = decodeURIComponent(url.pathname);
      } catch {
        // `/%ff`, `/%`, `/a%zz`: the client's mistake, as the shell and the API say.
        res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', ...cors }).end('Bad path: not a valid percent-encoded address');
        return;
      }
      if (Object.hasOwn(inject, rel)) {
        res.writeHead(200, {
          'Content-Type': TYPES[path.extname(rel)] ?? 'application/octet-stream',
          'Cache-Control': 'no-cache',
          ...cors,
        });
        const body = typeof inject[rel] === 'function' ? inject[rel]() : inject[rel];
        res.end(req.method === 'HEAD' ? undefined : body);
        return;
      }
      if (rel.endsWith('/')) rel += 'index.html';
      let file = path.join(rootDir, rel);
      if (!file.startsWith(rootDir + path.sep)) {
        res.writeHead(400).end('Bad path');
        return;
      }
      let stat = await statFile(file);
      if (!stat && spa && !path.extname(rel)) {
        file = path.join(rootDir, 'index.html');
        stat = await statFile(file);
      }
      if (!stat) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', ...cors }).end('Not found');
        return;
      }
      const headers = {
        'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'Cache-Control': HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
        ...cors,
        'X-Content-Type-Options': 'nosniff',
        Vary: origins ? 'Accept-Encoding, Origin' : 'Accept-Encoding',
      };
      const accepts = String(req.headers['accept-encoding'] ?? '');
      let body = file;
      for (const [encoding, ext] of [
        ['br', '.br'],
        ['gzip', '.gz'],
      ]) {
        if (!accepts.includes(encoding)) continue;
        const compressed = await statFile(file + ext);
        if (compressed) {
          body = file + ext;
          stat = compressed;
          headers['Content-Encoding'] = encoding;
          break;
        }
      }
      headers['Content-Length'] = String(stat.size);
      res.writeHead(200, headers);
      if (req.method === 'HEAD') res.end();
      else createReadStream(body).pipe(res);
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return server;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const dir = args.find((a) => !a.startsWith('--')) ?? 'dist';
  const portArg = args.indexOf('--port');
  const port = Number(portArg >= 0 ? args[portArg + 1] : (process.env.PORT ?? defaultPorts({}).shell));
  const originsArg = args.indexOf('--origins');
  const origins = originsArg >= 0 ? args[originsArg + 1].split(',') : undefined;
  const server = await serveStatic({ dir, port, host: process.env.HOST ?? '127.0.0.1', spa: args.includes('--spa'), origins });
  const { port: actual } = server.address();
  console.log(`serving ${dir} on http://localhost:${actual}`);
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
