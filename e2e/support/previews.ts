import { randomBytes } from 'node:crypto';
import { publishRunningBuild, type Remotes } from './remotes';
import { SITE } from './site';

export interface MadePreview {
  version: string;
  /** The link's row in the registry, as GET /previews lists it. */
  id: string;
  /** The address a team pastes: the site's home page with the link. */
  address: string;
}

async function call<T>(token: string, route: string, body: unknown): Promise<T> {
  const response = await fetch(`${SITE.api}${route}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${route}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * The build a remote's baseline set runs, released as a preview under a version of its own, and a
 * link to it, as `npm run release -- --preview` makes them (docs/releases.md, "Previews"); `token`
 * is that remote's deploy token or an admin's access token.
 */
export async function previewOfRunningBuild(remote: keyof Remotes, token: string): Promise<MadePreview> {
  const version = `0.1.0-${randomBytes(5).toString('hex')}`;
  const manifestUrl = await publishRunningBuild(remote, version, token);
  await call(token, '/releases', { remote, version, manifestUrl, preview: true });
  const { id, link } = await call<{ id: string; link: string }>(token, `/releases/${remote}/previews`, { version });
  return { version, id, address: `${SITE.shell}/?preview=${encodeURIComponent(link)}` };
}
