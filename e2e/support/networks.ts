import { type IncomingHttpHeaders, createServer, request } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import type { Browser, BrowserContext } from '@playwright/test';
import { SITE } from './site';

/** Hop-by-hop headers a proxy does not pass on. */
const HOP = new Set(['proxy-connection', 'proxy-authorization', 'connection', 'keep-alive', 'te', 'trailer', 'upgrade']);
const passed = (headers: IncomingHttpHeaders) => Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP.has(name)));

export interface VisitorNetwork {
  /** The loopback address the site sees this visitor's requests come from. */
  address: string;
  context: BrowserContext;
  close: () => Promise<void>;
}

/**
 * A visitor from a network of their own (docs/releases.md, "What is trusted and why"): a browser
 * context whose requests reach the site through a small forward proxy that sends them from
 * `address` (127.0.0.2, 127.0.0.3, …), so the API counts its reports under that network.
 */
export async function visitorFrom(browser: Browser, address: string, cookies: { name: string; value: string }[] = []): Promise<VisitorNetwork> {
  const proxy = createServer((incoming, outgoing) => {
    const target = new URL(incoming.url ?? '/');
    const upstream = request(
      {
        host: target.hostname === 'localhost' ? '127.0.0.1' : target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: incoming.method,
        headers: passed(incoming.headers),
        localAddress: address,
        family: 4,
      },
      (response) => {
        outgoing.writeHead(response.statusCode ?? 502, passed(response.headers));
        response.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  // A tunnel (Playwright's own requests ask for one): to the site's loopback addresses only, from `address` too.
  proxy.on('connect', (incoming, client, head) => {
    const [host = '', port = ''] = (incoming.url ?? '').split(':');
    if (host !== 'localhost' && !host.startsWith('127.')) return client.destroy();
    const upstream = connect({ host: host === 'localhost' ? '127.0.0.1' : host, port: Number(port), localAddress: address, family: 4 }, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const context = await browser.newContext({ baseURL: SITE.shell, proxy: { server: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` } });
  if (cookies.length) await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: SITE.shell })));
  return {
    address,
    context,
    close: async () => {
      await context.close();
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    },
  };
}
