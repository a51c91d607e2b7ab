// No imports: the page reads this too (docs/releases.md, "What is trusted and why").

/** The cookies that choose a visitor's releases; here, without zod, for the Releases screen's start (docs/performance.md, "The Releases screen"). */
export const RELEASE_BUCKET_COOKIE = 'release_bucket';
export const RELEASE_PIN_COOKIE = 'release_pin';

/** `<remote>/<package version>-<10 hex of its files' hash>/mf-manifest.json` */
const REGISTRY_ADDRESS = /\/([A-Za-z0-9_-]+)\/([A-Za-z0-9][A-Za-z0-9._+-]{0,52}-[0-9a-f]{10})\/mf-manifest\.json$/;

/** Undefined for an address of the baseline set (remotes.json). */
export function registryVersionOf(manifestUrl: string | undefined, remote?: string): string | undefined {
  if (!manifestUrl) return undefined;
  let pathname: string;
  try {
    pathname = new URL(manifestUrl, 'http://site.invalid').pathname;
  } catch {
    return undefined;
  }
  const found = REGISTRY_ADDRESS.exec(pathname);
  return found && (remote === undefined || found[1] === remote) ? found[2] : undefined;
}

function ipv6Groups(hostname: string): number[] | null {
  if (!hostname.startsWith('[') || !hostname.endsWith(']')) return null;
  const [head = '', tail] = hostname.slice(1, -1).split('::');
  const part = (text: string | undefined) => (text ? text.split(':').map((group) => parseInt(group, 16)) : []);
  const before = part(head);
  const after = part(tail);
  const groups = tail === undefined ? before : [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
  return groups.length === 8 && groups.every((group) => Number.isInteger(group)) ? groups : null;
}

/** Also inside an IPv6 address (`::ffff:a.b.c.d`, `::a.b.c.d`). */
function ipv4Of(hostname: string): number[] | null {
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(hostname)) return hostname.split('.').map(Number);
  const groups = ipv6Groups(hostname);
  if (!groups || groups.slice(0, 5).some((group) => group !== 0) || (groups[5] !== 0 && groups[5] !== 0xffff)) return null;
  const [high = 0, low = 0] = groups.slice(6);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff];
}

function isLinkLocal(hostname: string): boolean {
  const ipv4 = ipv4Of(hostname);
  if (ipv4) return ipv4[0] === 169 && ipv4[1] === 254;
  const groups = ipv6Groups(hostname);
  return groups !== null && (groups[0]! & 0xffc0) === 0xfe80;
}

function isLoopback(hostname: string): boolean {
  if (hostname === 'localhost' || hostname === 'localhost.' || /\.localhost\.?$/.test(hostname)) return true;
  const ipv4 = ipv4Of(hostname);
  if (ipv4) return ipv4[0] === 127 || ipv4[0] === 0;
  const groups = ipv6Groups(hostname);
  return groups !== null && groups.slice(0, 7).every((group) => group === 0) && groups[7]! <= 1;
}

/** An entry is an origin, or a base address ending in `/` that allows only addresses under it. */
function covers(entry: string, url: URL): boolean {
  let allowed: URL;
  try {
    allowed = new URL(entry);
  } catch {
    return false;
  }
  if (allowed.username || allowed.password || allowed.origin !== url.origin) return false;
  const base = allowed.pathname.endsWith('/') ? allowed.pathname : `${allowed.pathname}/`;
  return base === '/' || url.pathname.startsWith(base);
}

/** Credentials and link-local hosts are refused even when listed; a loopback host only when it is not. */
export function releaseAddressRefusal(manifestUrl: string, allowedOrigins: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(manifestUrl);
  } catch {
    return `${manifestUrl.slice(0, 200)} is not a valid absolute address`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${url.protocol} addresses are never loaded: a release is loaded over http or https`;
  if (url.username || url.password) return 'A release address may not carry a user name or password';
  if (isLinkLocal(url.hostname)) return `${url.host} is a link-local address (169.254.0.0/16, fe80::/10): a release is never loaded from one`;
  if (allowedOrigins.some((entry) => covers(entry, url))) return null;
  if (isLoopback(url.hostname))
    return `${url.host} is a loopback address: a release is loaded from one only when the operator lists its origin (RELEASE_ORIGINS)`;
  return `${url.origin} is not where this site keeps releases: publish the build with npm run release, or have the operator list its origin (RELEASE_ORIGINS)`;
}

/**
 * A team's dev server for a local override (docs/releases.md, "Your dev server inside the site"):
 * its manifest on the visitor's own machine only, so a link can never bring another host's code
 * into the site's pages.
 */
export function devServerAddressRefusal(manifestUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(manifestUrl);
  } catch {
    return `${manifestUrl.slice(0, 200)} is not a valid absolute address`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'A dev server is reached over http or https';
  if (url.username || url.password) return 'A dev server address may not carry a user name or password';
  if (!isLoopback(url.hostname) || /\.localhost\.?$/.test(url.hostname))
    return `${url.host} is not this machine: a dev server inside the site runs on localhost, 127.0.0.1 or [::1]`;
  if (!url.pathname.endsWith('/mf-manifest.json') || url.search || url.hash) return 'A dev server address names its mf-manifest.json, with no query';
  return null;
}
