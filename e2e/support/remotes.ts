import { readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { expect } from '@playwright/test';
import topology from '@usedcars/shared-contract/topology.json';
import { PORTS, SITE, siteDir } from './site';

/** The deploy-time remotes.json of the running site: what an operator edits to re-point the shell. */
export type Remotes = Record<keyof typeof topology.remotes, string>;

const file = () => path.join(siteDir(), 'remotes.json');
export const readRemotes = (): Remotes => JSON.parse(readFileSync(file(), 'utf8')) as Remotes;
export const writeRemotes = (remotes: Remotes): void => writeFileSync(file(), JSON.stringify(remotes, null, 2));

export const ROOT = path.resolve(__dirname, '..', '..');

type ServeStatic = (o: { dir: string; port?: number; host?: string; origins?: readonly string[] }) => Promise<Server>;

/** The site's pages, the only ones a remote's host lets read its files. */
const SITE_ORIGINS = [PORTS.shell, ...(Object.keys(topology.remotes) as Array<keyof Remotes>).map((name) => PORTS[name])].flatMap((port) => [
  `http://localhost:${port}`,
  `http://127.0.0.1:${port}`,
]);

/**
 * A static server of a built folder, like the one each remote's team deploys to; `origins` adds
 * the pages of a test's own render server to the site's.
 */
export async function serveFolder(dir: string, port = 0, origins: string[] = []): Promise<{ server: Server; port: number; stop: () => Promise<void> }> {
  const { serveStatic } = (await import(path.join(ROOT, 'scripts', 'serve-static.mjs'))) as { serveStatic: ServeStatic };
  const server = await serveStatic({ dir, port, origins: [...SITE_ORIGINS, ...origins] });
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  return {
    server,
    port: actual,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Rolls every remote back, one release at a time, until it runs its baseline set (remotes.json) again,
 * as on a fresh data folder; `auth` is an admin's Authorization header.
 */
export async function backToBaselineSet(auth: { Authorization: string }): Promise<void> {
  for (const remote of Object.keys(topology.remotes)) {
    for (let step = 0; step < 50; step += 1) {
      const response = await fetch(`${SITE.api}/releases/${remote}/rollback`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ reason: 'a browser spec ends' }),
      });
      if (response.status === 409) break;
      if (response.status !== 200) throw new Error(`rolling ${remote} back: ${response.status} ${await response.text()}`);
    }
  }
}

type Publish = (o: { api: string; token: string; remote: string; dist: string; version: string }) => Promise<string>;

/**
 * Publishes the build a remote's baseline set runs (the copy the launcher took at start) as the files
 * of a release `version`, with an admin's access token or a team's deploy token, as `npm run release`
 * does: the manifest's address on the release storage, to register (docs/releases.md).
 */
export async function publishRunningBuild(remote: keyof Remotes, version: string, token: string): Promise<string> {
  const { publish } = (await import(path.join(ROOT, 'scripts', 'releases.mjs'))) as { publish: Publish };
  return publish({ api: SITE.api, token, remote, dist: path.join(siteDir(), 'baseline-set', remote), version });
}

/** A deploy token for one remote's team, made by an admin through the API (docs/releases.md). */
export async function newDeployToken(adminToken: string, remote: keyof Remotes, name: string): Promise<string> {
  const made = await fetch(`${SITE.api}/deploy-tokens`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name, remote }),
  });
  if (!made.ok) throw new Error(`making a deploy token: ${made.status} ${await made.text()}`);
  return ((await made.json()) as { token: string }).token;
}

/** An admin's call to the API (the release registry's routes), its JSON response; a refusal fails the test, naming the call. */
export async function adminCall<T>(adminToken: string, method: string, route: string, body?: unknown): Promise<T> {
  const response = await fetch(`${SITE.api}${route}`, {
    method,
    headers: { authorization: `Bearer ${adminToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(response.ok, `${method} ${route}`).toBe(true);
  return (await response.json()) as T;
}
