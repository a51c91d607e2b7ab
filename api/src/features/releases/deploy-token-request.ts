import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { CreatedDeployToken } from '@usedcars/shared-contract';
import { DEMO_ACCOUNTS, DEMO_PASSWORD_DEFAULT } from '../../seed/demo-data';

/** What `npm run deploy-token` reads of a site: its pages' config.json (docs/releases.md, "Deploy tokens"). */
export interface SiteConfig {
  apiUrl: string;
  firebase?: { apiKey?: string };
  /** Set beside the Auth emulator (the demo site): the demo admin signs in there. */
  authEmulatorUrl?: string;
}

/** A refusal the operator can act on; the command prints its message alone. */
export class DeployTokenError extends Error {}

const TIMEOUT_MS = 5_000;

async function responds(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * The site whose API makes the token: `--site`'s (which must respond), else the one `npm start`
 * runs on this data folder (DATA_DIR/site/config.json) while its API responds; null when none runs,
 * and the command then writes to the database itself.
 */
export async function runningSite(siteUrl: string | undefined, dataDir: string): Promise<SiteConfig | null> {
  let config: SiteConfig;
  if (siteUrl) {
    const address = new URL('config.json', siteUrl.replace(/\/?$/, '/')).href;
    const response = await fetch(address, { signal: AbortSignal.timeout(TIMEOUT_MS) }).catch((error: Error) => {
      throw new DeployTokenError(`${address} could not be read (${(error.cause as Error | undefined)?.message ?? error.message})`);
    });
    if (!response.ok) throw new DeployTokenError(`${address} responded with ${response.status}: is ${siteUrl} the site's address?`);
    config = (await response.json()) as SiteConfig;
  } else {
    const file = path.join(dataDir, 'site', 'config.json');
    if (!existsSync(file)) return null;
    config = JSON.parse(readFileSync(file, 'utf8')) as SiteConfig;
  }
  const apiUrl = String(config.apiUrl).replace(/\/+$/, '');
  if (await responds(`${apiUrl}/health`)) return { ...config, apiUrl };
  if (siteUrl) throw new DeployTokenError(`The site's API at ${apiUrl} does not respond`);
  return null;
}

/** The demo site's admin (the README's demo accounts). */
const DEMO_ADMIN = DEMO_ACCOUNTS.find((account) => account.role === 'admin' && account.signIn)!.email;

export interface TokenRequest {
  remote: string;
  name: string;
  /** An admin's e-mail; the demo admin beside the Auth emulator. */
  email?: string;
  /** That admin's password (ADMIN_PASSWORD); beside the emulator, the demo password. */
  password?: string;
}

async function json<T>(response: Response, what: string): Promise<T> {
  const body = (await response.json().catch(() => ({}))) as T & { message?: string; error?: { message?: string } };
  if (!response.ok) throw new DeployTokenError(`${what}: ${response.status} ${body.message ?? body.error?.message ?? ''}`.trim());
  return body;
}

/** Asks the running API for a token as an admin: signed in at the identity service, then POST /deploy-tokens. */
export async function tokenFromApi(site: SiteConfig, request: TokenRequest): Promise<CreatedDeployToken & { by: string }> {
  const emulator = Boolean(site.authEmulatorUrl);
  const email = request.email ?? (emulator ? DEMO_ADMIN : undefined);
  const password = request.password ?? (emulator ? DEMO_PASSWORD_DEFAULT : undefined);
  if (!email || !password)
    throw new DeployTokenError('This site signs in with a real identity service: give an admin’s --email and put the password in ADMIN_PASSWORD');
  const identity = emulator ? `${site.authEmulatorUrl!.replace(/\/+$/, '')}/identitytoolkit.googleapis.com/v1` : 'https://identitytoolkit.googleapis.com/v1';
  const signIn = await fetch(`${identity}/accounts:signInWithPassword?key=${encodeURIComponent(site.firebase?.apiKey ?? '')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const { idToken } = await json<{ idToken: string }>(signIn, `signing in as ${email}`);
  const jwt = await fetch(`${site.apiUrl}/jwt?email=${encodeURIComponent(email)}`, { headers: { authorization: `Bearer ${idToken}` } });
  const { accessToken } = await json<{ accessToken: string }>(jwt, `signing in to the API as ${email}`);
  const made = await fetch(`${site.apiUrl}/deploy-tokens`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: request.name, remote: request.remote }),
  });
  return { ...(await json<CreatedDeployToken>(made, 'POST /deploy-tokens')), by: email };
}
