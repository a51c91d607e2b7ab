/** @jest-environment node */
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { TelemetryEvent } from '@usedcars/shared-contract/telemetry';
import { pageTokenKey, readPageToken } from '@usedcars/shared-contract/telemetry-token';
import { buildRenderServer } from '../app';
import { RenderMetrics } from './metrics';
import { smallBuild } from '../smallBuild.fixture';

const SECRET = 'render-server-token-0123456789';
const release = (version: string) => `http://127.0.0.1:9/release-files/catalog/${version}/mf-manifest.json`;

/** A render server with a live catalog release and a canary for half the visitors, reporting to a fake API. */
describe("each page response's telemetry token", () => {
  let dir: string;
  let api: Server;
  let app: FastifyInstance;
  let base: string;
  const reports: Array<{ authorization?: string; events: TelemetryEvent[] }> = [];
  beforeAll(async () => {
    dir = smallBuild();
    const live = {
      remotes: {
        catalog: {
          live: { version: '0.1.0-aaaaaaaaaa', manifestUrl: release('0.1.0-aaaaaaaaaa') },
          canary: { version: '0.1.0-bbbbbbbbbb', manifestUrl: release('0.1.0-bbbbbbbbbb'), share: 50 },
        },
      },
    };
    api = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => {
        if (request.url === '/telemetry') reports.push({ authorization: request.headers.authorization, ...(JSON.parse(text) as { events: TelemetryEvent[] }) });
        response.writeHead(request.url === '/releases/live' ? 200 : 404, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify(request.url === '/releases/live' ? live : {}));
      });
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    const metrics = new RenderMetrics({ defaults: false });
    app = await buildRenderServer({ distDir: dir, budgetMs: 2_000, logLevel: false, metrics, releases: { apiUrl }, telemetryToken: SECRET });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await new Promise((resolve) => api.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  const tokenOf = async (path: string, bucket: number) => {
    const response = await fetch(`${base}${path}`, { headers: { cookie: `release_bucket=${bucket}` } });
    const timing = response.headers.get('server-timing') ?? '';
    return /telemetry;desc="([\w.-]+)"/.exec(timing)?.[1];
  };
  const read = (token: string | undefined) => readPageToken(pageTokenKey(SECRET), token ?? '', Math.floor(Date.now() / 1000));

  it('names the release set the page was served with and the visitor’s bucket, signed with the key the API derives too', async () => {
    const canary = await tokenOf('/no-such-page', 10);
    const live = await tokenOf('/about', 90);
    expect(read(canary)).toEqual({
      claims: expect.objectContaining({ releases: { shell: '7.7.7', catalog: '0.1.0-bbbbbbbbbb' }, baselineSet: ['shell'], bucket: 10 }),
    });
    expect(read(live)).toEqual({ claims: expect.objectContaining({ releases: { shell: '7.7.7', catalog: '0.1.0-aaaaaaaaaa' }, bucket: 90 }) });
    // Another page of the same visitor gets a token of its own.
    expect(await tokenOf('/no-such-page', 10)).not.toBe(canary);
    // Only a page actually sent gets one: HEAD, which sends none, gets no token.
    const head = await fetch(`${base}/no-such-page`, { method: 'HEAD', headers: { cookie: 'release_bucket=10' } });
    expect(head.headers.get('server-timing') ?? '').not.toContain('telemetry');
    // Nothing else can read it back as a valid token: the shared secret itself is not the key.
    expect(readPageToken(Buffer.from(SECRET), canary!, Math.floor(Date.now() / 1000))).toEqual({ problem: 'bad_token' });
  });

  it('tells the API how many pages it served with a token naming each release, with the render servers’ token', async () => {
    await app.close();
    const served = reports.flatMap(({ authorization, events }) =>
      events.filter((event) => event.type === 'served').map((event) => ({ authorization, ...event })),
    );
    const count = (remote: string, release: string) =>
      served.filter((event) => event.remote === remote && event.release === release).reduce((sum, event) => sum + ('count' in event ? event.count : 0), 0);
    expect(served.every((event) => event.authorization === `Bearer ${SECRET}`)).toBe(true);
    expect(count('catalog', '0.1.0-bbbbbbbbbb')).toBe(2);
    expect(count('catalog', '0.1.0-aaaaaaaaaa')).toBe(1);
    expect(count('shell', '7.7.7')).toBe(3);
  });
});
