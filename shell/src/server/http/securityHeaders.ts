import type { RuntimeConfig } from '@usedcars/federation/config';

/**
 * The headers of the site's pages and files (docs/operations.md, "Security headers"). The page's
 * content security policy is built per request from the deployment's own config.json and
 * remotes.json, so a remote published on a new origin is allowed on the next page, as it is
 * loaded on the next page.
 */

export interface PolicyInputs {
  config: Partial<RuntimeConfig> & { payments?: string };
  remotes: Partial<Record<string, string>>;
  /** A team's dev servers on the visitor's machine, for that visitor's pages only: their scripts and hot-reload sockets. */
  devServers?: readonly string[];
}

const STRIPE_SCRIPTS = ['https://js.stripe.com'];
const STRIPE_FRAMES = ['https://js.stripe.com', 'https://hooks.stripe.com'];
const STRIPE_CONNECT = ['https://api.stripe.com'];
/** What Firebase Auth talks to for a real project; the emulator (demo- projects) replaces all of it. */
const FIREBASE_CONNECT = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
const GOOGLE_SCRIPTS = ['https://apis.google.com'];

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function list(...values: Array<string | null | undefined | false>): string {
  return [...new Set(values.filter((value): value is string => typeof value === 'string' && value.length > 0))].join(' ');
}

/** The same rule as the page's (@usedcars/federation/config's readRuntimeConfig): an emulator only serves demo- projects. */
function emulatorOrigin(config: PolicyInputs['config']): string | null {
  return config.firebase?.projectId?.startsWith('demo-') ? originOf(config.authEmulatorUrl) : null;
}

/** The dev server's origin and its socket's (ws: for http, wss: for https). */
const devServerSources = (origins: readonly string[]) => origins.flatMap((origin) => [origin, origin.replace(/^http/, 'ws')]);

export function contentSecurityPolicy({ config, remotes, devServers = [] }: PolicyInputs): string {
  const remoteOrigins = Object.values(remotes).map(originOf);
  const emulator = emulatorOrigin(config);
  const stripe = config.payments === 'stripe';
  const authDomain = config.firebase?.authDomain ? `https://${config.firebase.authDomain}` : null;
  const directives: Record<string, string> = {
    'default-src': "'self'",
    // No inline script at all: the page's boot data is a JSON block, which is never run.
    'script-src': list("'self'", ...remoteOrigins, emulator, ...(emulator ? [] : GOOGLE_SCRIPTS), ...(stripe ? STRIPE_SCRIPTS : [])),
    // styled-components and the toaster write <style> elements as screens appear.
    'style-src': "'self' 'unsafe-inline'",
    // Sellers link their cars' pictures from anywhere.
    'img-src': '* data: blob:',
    'font-src': "'self' data:",
    'connect-src': list(
      "'self'",
      originOf(config.apiUrl),
      ...remoteOrigins,
      ...devServerSources(devServers),
      emulator,
      ...(emulator ? [] : FIREBASE_CONNECT),
      ...(stripe ? STRIPE_CONNECT : []),
    ),
    'frame-src': list(emulator ?? authDomain, ...(stripe ? STRIPE_FRAMES : [])) || "'none'",
    'frame-ancestors': "'none'",
    'object-src': "'none'",
    'base-uri': "'self'",
    'form-action': "'self'",
  };
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}

/** Every response: nothing is sniffed into another type, and addresses do not leak to other sites. */
export function staticHeaders(): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
}

/** A page: the above, its content security policy, and no camera, microphone or location. */
export function pageHeaders(inputs: PolicyInputs): Record<string, string> {
  return {
    ...staticHeaders(),
    'Content-Security-Policy': contentSecurityPolicy(inputs),
    'Permissions-Policy': `camera=(), microphone=(), geolocation=(), payment=(self${inputs.config.payments === 'stripe' ? ' "https://js.stripe.com"' : ''})`,
    'X-Frame-Options': 'DENY',
  };
}
