/**
 * The Auth emulator's entry point. Everything is passed through to the emulator, except that its
 * pages load Google's `gapi` script from apis.google.com, which a machine without internet (and
 * this project's rule: no traffic leaves loopback) cannot reach. The proxy serves an offline
 * fake (offline-google/gapi.js) at GAPI_PATH and points the emulator's pages at it; the
 * browser SDK is pointed at it by shared-auth in emulator mode. With that, Google sign-in runs
 * through the emulator's own account-chooser popup with no internet.
 */
import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const GAPI_PATH = '/__usedcars/gapi.js';
const GOOGLE_GAPI = 'https://apis.google.com/js/api.js';
const fakeGapi = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'offline-google', 'gapi.js'));

/** @returns {Promise<import('node:http').Server>} */
export function startAuthEmulatorProxy({ port, targetPort, host = '127.0.0.1' }) {
  const server = createServer((req, res) => {
    if (req.url?.split('?')[0] === GAPI_PATH) {
      res.writeHead(200, {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cache-Control': 'no-cache',
        'Access-Control-Allow-Origin': '*',
      });
      res.end(fakeGapi);
      return;
    }
    const headers = { ...req.headers, host: `127.0.0.1:${targetPort}` };
    delete headers['accept-encoding']; // plain bodies, so HTML can be rewritten
    const upstream = httpRequest({ host: '127.0.0.1', port: targetPort, method: req.method, path: req.url, headers }, (response) => {
      const type = String(response.headers['content-type'] ?? '');
      if (!type.includes('text/html')) {
        res.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(res);
        return;
      }
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks)
          .toString('utf8')
          .replaceAll(GOOGLE_GAPI, GAPI_PATH)
          // The account chooser's fonts and Material styles come from CDNs; it works without them
          // (plainer), and the browser is not sent off this machine.
          .replace(/<link [^>]*href="https:\/\/[^"]*"[^>]*>/g, '')
          .replace(/<script src="https:\/\/[^"]*"><\/script>/g, '');
        const outHeaders = { ...response.headers, 'content-length': Buffer.byteLength(body) };
        delete outHeaders['transfer-encoding'];
        res.writeHead(response.statusCode ?? 502, outHeaders);
        res.end(body);
      });
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' });
      res.end('The Auth emulator is not responding');
    });
    req.pipe(upstream);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
