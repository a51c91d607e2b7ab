import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { DRIVERS, type Driver, createTestDatabase } from './databases';
import { type Account, TestApi } from './test-api';
import { TEST_CONFIG } from './test-config';
import type { AppConfig } from '../src/config';

/** A package a build shares, as its mf-manifest.json lists it. */
export const shared = (name: string, version: string, singleton = true) => ({
  name,
  version,
  singleton,
  requiredVersion: `>=${version} <${Number(version.split('.')[0]) + 1}.0.0`,
});

/** A remote's mf-manifest.json as webpack writes it, with what a test changes. */
export function remoteManifest(
  remote: string,
  meta: Record<string, unknown> = {},
  sharedList = [shared('react', '19.3.1'), shared('@usedcars/shared-ui', '0.1.0', false)],
) {
  return {
    id: remote,
    name: remote,
    metaData: {
      name: remote,
      buildInfo: { buildVersion: '0.1.0', buildName: `@usedcars/mf-${remote}` },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      ssrRemoteEntry: { name: 'remoteEntry.js', path: 'server', type: 'commonjs-module' },
      globalName: remote,
      publicPath: 'auto',
      ...meta,
    },
    shared: sharedList,
    exposes: [],
  };
}

/** What a small static server serves: a path's JSON, or a status with headers. */
type Route = { json: unknown } | { status: number; headers?: Record<string, string> };

/** A static server on 127.0.0.1 that counts what it is asked: the live site (its shell's manifest), or a team's own host. */
export async function staticServer(
  routes: Record<string, Route>,
): Promise<{ origin: string; asked: string[]; routes: Record<string, Route>; close: () => Promise<void> }> {
  const asked: string[] = [];
  const server: Server = createServer((request, response) => {
    asked.push(request.url ?? '');
    const route = routes[request.url ?? ''];
    if (route && 'json' in route) response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(route.json));
    else response.writeHead(route?.status ?? 404, route?.headers ?? {}).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { origin, asked, routes, close };
}

/** The shell's mf-manifest.json: the versions a page hands every remote. */
export const SHELL_MANIFEST = {
  name: 'shell',
  metaData: { name: 'shell' },
  shared: [shared('react', '19.3.1'), shared('@usedcars/shared-ui', '0.1.0', false)],
};

/** A version as `npm run release` makes them: the package version and 10 hex digits. */
export const hashed = (base: string, n: number) => `${base}-${n.toString(16).padStart(10, '0')}`;

export interface ReleaseSite {
  api: TestApi;
  /** The live site the preflight reads, and a team's host listed in RELEASE_ORIGINS. */
  site: Awaited<ReturnType<typeof staticServer>>;
  listed: Awaited<ReturnType<typeof staticServer>>;
  releaseDir: string;
  /** PUTs a build's manifest and entries under remote/version with a token; returns the manifest's address. */
  publish: (token: string, remote: string, version: string, manifest?: unknown) => Promise<string>;
  put: (token: string, remote: string, version: string, file: string, body: string) => Promise<LightMyRequestResponse>;
  /** Uploads the rest of a build (publish) and registers it live, as `npm run release` does; returns its manifest's address. */
  register: (token: string, remote: string, version: string) => Promise<string>;
  close: () => Promise<void>;
}

/** What a suite changes of its release site: the API's settings, its clock. */
export interface ReleaseSiteOptions {
  config?: (config: AppConfig) => AppConfig;
  clock?: () => Date;
}

/** The API on a fresh database with a release folder of its own, beside a fake of the live site and a listed team host. */
async function startReleaseSite(driver: Driver, options: ReleaseSiteOptions = {}): Promise<ReleaseSite> {
  const site = await staticServer({ '/mf-manifest.json': { json: SHELL_MANIFEST } });
  const listed = await staticServer({ '/mf-manifest.json': { json: remoteManifest('catalog') } });
  const releases = { ...TEST_CONFIG.releases, siteUrl: site.origin, origins: [listed.origin] };
  const config = (options.config ?? ((same) => same))({ ...TEST_CONFIG, releases });
  const api = await new TestApi(await createTestDatabase(driver), { config, clock: options.clock }).start();
  const put = (token: string, remote: string, version: string, file: string, body: string) =>
    api.inject({
      method: 'PUT',
      url: `/release-files/${remote}/${version}/${file}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      payload: body,
    });
  const publish = async (token: string, remote: string, version: string, manifest: unknown = remoteManifest(remote)) => {
    // 200 for a file uploaded before with the same bytes (an upload retried), 201 for a new one.
    for (const file of ['remoteEntry.js', 'server/remoteEntry.js'])
      expect([200, 201]).toContain((await put(token, remote, version, file, `/* ${remote} ${version} */`)).statusCode);
    const uploaded = await put(token, remote, version, 'mf-manifest.json', JSON.stringify(manifest));
    expect([200, 201]).toContain(uploaded.statusCode);
    return uploaded.json<{ url: string }>().url;
  };
  const register = async (token: string, remote: string, version: string) => {
    const manifestUrl = await publish(token, remote, version);
    const registered = await api.inject({
      method: 'POST',
      url: '/releases',
      headers: { authorization: `Bearer ${token}` },
      payload: { remote, version, manifestUrl },
    });
    expect(registered.statusCode).toBe(201);
    return manifestUrl;
  };
  const close = async () => {
    await api.stop();
    await Promise.all([site.close(), listed.close()]);
  };
  return { api, site, listed, releaseDir: api.releaseDir, publish, put, register, close };
}

/** Runs a suite once per driver on its own release site (startReleaseSite), with an admin and two teams' deploy tokens. */
export function describeReleaseSite(
  title: string,
  suite: (context: () => ReleaseSite & { admin: Account; tokens: { catalog: string; checkout: string } }) => void,
  options?: ReleaseSiteOptions,
): void {
  describe.each(DRIVERS)(`${title} (%s)`, (driver) => {
    let context: ReleaseSite & { admin: Account; tokens: { catalog: string; checkout: string } };
    beforeAll(async () => {
      const site = await startReleaseSite(driver, options);
      const admin = await site.api.account('admin');
      const made = async (remote: string) => {
        const response = await site.api.inject({ method: 'POST', url: '/deploy-tokens', headers: admin.auth, payload: { name: `${remote} team`, remote } });
        expect(response.statusCode).toBe(201);
        return response.json<{ token: string }>().token;
      };
      context = { ...site, admin, tokens: { catalog: await made('catalog'), checkout: await made('checkout') } };
    });
    afterAll(() => context?.close());
    suite(() => context);
  });
}
