// Preview links from the command line (docs/releases.md, "Previews"): made, printed, listed and withdrawn with DEPLOY_TOKEN.
import { UsageError, durationMs } from './release-views.mjs';

/** `--expires 3d` (s, m, h or d) in seconds; the API takes 10 s to 30 days, 7 days without it. */
export function expiresInSecondsOf(values) {
  if (values.expires === undefined) return undefined;
  const ms = durationMs(values.expires);
  if (ms === null || ms < 10_000 || ms > 30 * 86_400_000) throw new UsageError('--expires takes 10s to 30d (s, m, h or d), e.g. --expires 3d');
  return Math.round(ms / 1000);
}

/** The address a reviewer opens: the site's page `path` with the link. */
export function previewAddress(site, link, path = '/') {
  if (!site) throw new UsageError('a preview link opens the site: give --site (the site’s address)');
  if (!path.startsWith('/')) throw new UsageError('--path is a page of the site, starting with /');
  const url = new URL(path, site);
  url.searchParams.set('preview', link);
  return url.href;
}

const when = (iso) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** What `npm run release --preview` and `npm run preview` print: the link and until when it works. */
function linkText(remote, version, made, address) {
  return `Preview link to ${remote} ${version} (anyone with it sees the whole site with this build; expires ${when(made.expiresAt)}):\n  ${address}`;
}

/** The remote's newest release: what `npm run preview` links to without --version. */
export async function newestRelease(call, api, token, remote) {
  const [newest] = await call(api, 'GET', `/releases?remote=${encodeURIComponent(remote)}&limit=1`, token);
  if (!newest) throw new Error(`${remote} has no release yet: npm run release -w <remote> -- --site URL --preview registers one`);
  return newest;
}

/** A new link to a registered release; `--withdraw` ends every live link of it instead. */
export async function preview(remote, { values, api, token, call, log }) {
  const version = values.version ?? (await newestRelease(call, api, token, remote)).version;
  if (values.withdraw) {
    const ended = await call(api, 'DELETE', `/releases/${remote}/${encodeURIComponent(version)}/previews`, token);
    log(`${remote} ${version}: ${ended.length} preview link${ended.length === 1 ? '' : 's'} withdrawn; whoever opens one now sees the site as everyone does`);
    return ended;
  }
  return makeLink({ remote, version, values, api, token, call, log });
}

/** A new link to a registered release, printed with its address (--site, --path) and expiry (--expires). */
export async function makeLink({ remote, version, values, api, token, call, log }) {
  const expiresInSeconds = expiresInSecondsOf(values);
  const made = await call(api, 'POST', `/releases/${remote}/previews`, token, { version, ...(expiresInSeconds ? { expiresInSeconds } : {}) });
  const address = previewAddress(values.site, made.link, values.path);
  log(linkText(remote, version, made, address));
  return { ...made, address };
}

/** The live links, for `npm run releases` with a token: who made them, for what, until when. */
export function linksTable(links) {
  if (links.length === 0) return 'No preview link is live.';
  const rows = links.map((link) => [link.remote, link.kind === 'local' ? `local ${link.url}` : link.version, link.createdBy, when(link.expiresAt), link.id]);
  const header = ['remote', 'what', 'by', 'expires', 'id'];
  const widths = header.map((name, column) => Math.max(name.length, ...rows.map((row) => row[column].length)));
  return [
    'Preview links',
    ...[header, ...rows].map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]))
        .join('  ')
        .trimEnd(),
    ),
  ].join('\n');
}
