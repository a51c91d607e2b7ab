// How the team commands reach a site's API (docs/releases.md, "A team's day"): its address from the site, the token from DEPLOY_TOKEN only.
import { UsageError } from './release-views.mjs';

export const TOKEN_ON_COMMAND_LINE =
  '--token is not taken: npm prints a command’s arguments into its output (and every log). Put the token in DEPLOY_TOKEN instead: export DEPLOY_TOKEN=…';

/** The API's address: --api, else the `apiUrl` of the site's config.json. */
export async function apiOf(values) {
  if (values.api) return values.api.replace(/\/+$/, '');
  if (!values.site) throw new UsageError('--site (the site’s address) is required');
  const response = await fetch(new URL('/config.json', values.site));
  if (!response.ok) throw new Error(`${values.site}/config.json responded ${response.status}`);
  return String((await response.json()).apiUrl).replace(/\/+$/, '');
}

/** One API request; a refusal throws with the API's own message. */
export async function call(api, method, route, token, body) {
  const headers = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
  const response = await fetch(`${api}${route}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const result = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${result.message ?? ''}`.trim());
  return result;
}

/** The deploy token (or an admin's access token), from DEPLOY_TOKEN only. */
export function tokenOf(values, env) {
  if (values.token !== undefined) throw new UsageError(TOKEN_ON_COMMAND_LINE);
  const token = env.DEPLOY_TOKEN?.trim();
  if (!token)
    throw new UsageError(
      'DEPLOY_TOKEN is not set: ask an admin for a deploy token of this remote (npm run deploy-token -w api -- --remote NAME), then export DEPLOY_TOKEN=…',
    );
  return token;
}
