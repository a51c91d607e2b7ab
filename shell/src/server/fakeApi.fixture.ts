import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LiveSet, PinnedRelease, PreviewCheck } from '@usedcars/shared-contract';

/** How GET /auth/session responds: a status and body, or never (the API stalled). */
export type SessionReply = { status: number; body: unknown } | 'never';

/**
 * The API as a render server meets it, on a real socket: the change stream (reliable, so pages are
 * cached), the release registry, the pin lookup (`pins` maps a pin to its release), the preview links
 * (`previews` maps a link, or a claimed link and its browser secret, to what it applies; `claims`
 * maps a local link to its one claim), whom a session cookie belongs to (`sessionReply`) and the
 * route that ends a session (responding `endSessionStatus`). Every request it gets is listed in `requests`.
 */
export async function fakeApi({
  live = { remotes: {} },
  pins = {},
  previews = {},
  claims = {},
  endSessionStatus = 204,
  sessionReply = { status: 401, body: { message: 'This session has ended' } },
}: {
  live?: LiveSet;
  pins?: Record<string, PinnedRelease>;
  previews?: Record<string, PreviewCheck>;
  claims?: Record<string, PreviewCheck & { browser: string }>;
  endSessionStatus?: number;
  sessionReply?: SessionReply;
} = {}) {
  const requests: Array<{ method: string; url: string; authorization?: string }> = [];
  const streams = new Set<ServerResponse>();
  const server: Server = createServer((request: IncomingMessage, response) => {
    const url = new URL(request.url ?? '/', 'http://api.test');
    requests.push({ method: request.method ?? 'GET', url: request.url ?? '/', authorization: request.headers.authorization });
    if (url.pathname === '/changes') {
      response.writeHead(200, { 'Content-Type': 'text/event-stream' });
      response.write('event: reliable\ndata: {}\n\n');
      streams.add(response);
      response.once('close', () => streams.delete(response));
      return;
    }
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/releases/live') return json(200, live);
    if (url.pathname === '/releases/pins') {
      const release = pins[url.searchParams.get('pin') ?? ''];
      return release ? json(200, release) : json(404, { message: 'This pin is not valid' });
    }
    if (url.pathname === '/previews/check') {
      const key = [url.searchParams.get('link'), url.searchParams.get('browser')].filter(Boolean).join('.');
      const check = previews[key];
      return check ? json(200, check) : json(404, { message: 'This preview link is not valid' });
    }
    if (url.pathname === '/previews/claim' && request.method === 'POST') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const link = (JSON.parse(body || '{}') as { link?: string }).link ?? '';
        const claim = claims[link];
        delete claims[link];
        return claim ? json(200, claim) : json(404, { message: 'This preview link is not valid' });
      });
      return;
    }
    if (url.pathname === '/auth/session' && request.method === 'GET') {
      return sessionReply === 'never' ? undefined : json(sessionReply.status, sessionReply.body);
    }
    if (url.pathname === '/auth/session' && request.method === 'DELETE') {
      response.writeHead(endSessionStatus);
      return response.end();
    }
    json(404, { message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    /** A write, as the change stream announces it to every listener. */
    announceChange: () => {
      for (const stream of streams) stream.write('event: change\ndata: {}\n\n');
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
