import type { FastifyReply, FastifyRequest } from 'fastify';
import { stringifySetCookie } from 'cookie';
import { PREVIEW_PARAM, RELEASE_PREVIEW_COOKIE, type PreviewCheck, devServerAddressRefusal, previewCheckSchema } from '@usedcars/shared-contract';
import type { PreviewClaims, PreviewSigner } from '@usedcars/shared-contract/preview-links';
import { clearCookie, cookieOf } from '../http/cookies';

// docs/releases.md, "Previews": what a preview link does on the render server.

/** A link this browser holds, and beside a claimed local link the secret that makes it this browser's. */
export interface HeldLink {
  link: string;
  browser?: string;
}

/** One link a visitor's pages apply: what the API says of it, now. */
interface AppliedPreview {
  held: HeldLink;
  check: PreviewCheck;
}

/** The API could not be asked: nothing is applied this time, and the link is kept for the next request. */
const NO_RESPONSE = 'no-response';
type ApiResult<T> = T | null | typeof NO_RESPONSE;

/** One per remote; a few more only while a new one replaces an old. */
const MAX_HELD = 8;
const ENTRY = /^[\w-]+\.[\w-]{43}(\.[\w-]{16,64})?$/;
/** A result is kept this long at most, and dropped at once on a change event (a withdrawal). */
const KEPT_MS = 60_000;
const CHECKS_KEPT = 500;

const heldLinksOf = (cookie: string | undefined): HeldLink[] =>
  (cookie ?? '')
    .split('~')
    .filter((entry) => ENTRY.test(entry))
    .slice(0, MAX_HELD)
    .map((entry) => {
      const [body, mac, browser] = entry.split('.');
      return { link: `${body}.${mac}`, ...(browser ? { browser } : {}) };
    });

const cookieValueOf = (held: readonly HeldLink[]) => held.map(({ link, browser }) => (browser ? `${link}.${browser}` : link)).join('~');

/**
 * Checks links with the API, as the render servers alone may (with their token), after checking
 * their signature here: a forged link costs no request. Results are kept until the next change
 * event, so a withdrawn link ends on the next page.
 */
export class PreviewChecks {
  private readonly kept = new Map<string, { until: number; result: Promise<ApiResult<PreviewCheck>> }>();

  constructor(
    private readonly apiUrl: () => string,
    /** null (no shared secret): no link is honoured. */
    private readonly signer: PreviewSigner | null,
    private readonly token: string | undefined,
    private readonly fetcher: typeof fetch = fetch,
    private readonly now: () => number = Date.now,
  ) {}

  claims(link: string): PreviewClaims | null {
    return this.signer?.verify(link, this.now() / 1000) ?? null;
  }

  /** A change event: a link may have been withdrawn. */
  forget(): void {
    this.kept.clear();
  }

  check({ link, browser }: HeldLink): Promise<ApiResult<PreviewCheck>> {
    const key = `${link}.${browser ?? ''}`;
    const kept = this.kept.get(key);
    if (kept && this.now() < kept.until) return kept.result;
    const query = new URLSearchParams({ link, ...(browser ? { browser } : {}) });
    const result = this.ask(`/previews/check?${query}`);
    this.kept.delete(key);
    this.kept.set(key, { until: this.now() + KEPT_MS, result });
    void result.then((found) => found === NO_RESPONSE && this.kept.get(key)?.result === result && this.kept.delete(key));
    while (this.kept.size > CHECKS_KEPT) this.kept.delete(this.kept.keys().next().value!);
    return result;
  }

  /** A local link is claimed once, by the first browser to open it. */
  async claim(link: string): Promise<ApiResult<PreviewCheck & { browser: string }>> {
    const claimed = await this.ask(`/previews/claim`, { link });
    if (claimed === NO_RESPONSE || claimed === null) return claimed;
    const { browser, ...check } = claimed;
    return browser ? { ...check, browser } : null;
  }

  private async ask(path: string, body?: unknown): Promise<ApiResult<PreviewCheck & { browser?: string }>> {
    try {
      const response = await this.fetcher(`${this.apiUrl()}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { authorization: `Bearer ${this.token ?? ''}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(2_000),
      });
      if (response.status === 404) return null;
      if (!response.ok) return NO_RESPONSE;
      const payload = (await response.json()) as PreviewCheck & { browser?: string };
      const parsed = previewCheckSchema.safeParse(payload);
      return parsed.success ? { ...parsed.data, ...(typeof payload.browser === 'string' ? { browser: payload.browser } : {}) } : null;
    } catch {
      return NO_RESPONSE;
    }
  }
}

/** What a visitor's previews are on this request, and whether a link they held or opened has ended. */
export interface VisitorPreviews {
  applied: AppliedPreview[];
  ended: boolean;
}

/** The link a page's address carries, on a page request only. */
function linkInAddress(request: FastifyRequest): string | null {
  const at = request.url.indexOf('?');
  if (at < 0 || request.method !== 'GET') return null;
  const link = new URLSearchParams(request.url.slice(at + 1)).get(PREVIEW_PARAM);
  return link && link.length <= 400 ? link : null;
}

/** A link opened for the first time: a release's is checked, a local one claimed for this browser. */
async function opened(checks: PreviewChecks, link: string, claims: PreviewClaims): Promise<ApiResult<AppliedPreview>> {
  if (claims.kind === 'local') {
    const claimed = await checks.claim(link);
    if (claimed === NO_RESPONSE || claimed === null) return claimed;
    const { browser, ...check } = claimed;
    return { held: { link, browser }, check };
  }
  const check = await checks.check({ link });
  return check === NO_RESPONSE || check === null ? check : { held: { link }, check };
}

/** A local link's address must be the visitor's own machine, whatever the API served. */
const usable = (check: PreviewCheck) => check.kind === 'release' || devServerAddressRefusal(check.manifestUrl) === null;

/**
 * The visitor's previews: the links their cookie holds, then the one the address carries (which
 * replaces an older one of its remote). Links that ended leave the cookie, and the page says so.
 */
export async function visitorPreviews(request: FastifyRequest, reply: FastifyReply, checks: PreviewChecks): Promise<VisitorPreviews> {
  const cookie = cookieOf(request, RELEASE_PREVIEW_COOKIE);
  const fromAddress = linkInAddress(request);
  if (cookie === undefined && fromAddress === null) return { applied: [], ended: false };
  const held = heldLinksOf(cookie);
  let ended = cookie !== undefined && held.length === 0;
  const kept: HeldLink[] = [];
  const applied = new Map<string, AppliedPreview>();
  const apply = (preview: AppliedPreview) => {
    const replaced = applied.get(preview.check.remote);
    if (replaced) kept.splice(kept.indexOf(replaced.held), 1);
    applied.set(preview.check.remote, preview);
    kept.push(preview.held);
  };
  for (const entry of held) {
    const claims = checks.claims(entry.link);
    const check = claims && (claims.kind === 'release' || entry.browser) ? await checks.check(entry) : null;
    if (check === NO_RESPONSE) kept.push(entry);
    else if (check && usable(check)) apply({ held: entry, check });
    else ended = true;
  }
  if (fromAddress !== null && !held.some((entry) => entry.link === fromAddress)) {
    const claims = checks.claims(fromAddress);
    const preview = claims ? await opened(checks, fromAddress, claims) : null;
    if (preview && preview !== NO_RESPONSE && usable(preview.check)) apply(preview);
    else if (preview !== NO_RESPONSE) ended = true;
  }
  keepLinks(request, reply, cookie, kept, checks);
  return { applied: [...applied.values()], ended };
}

/** The cookie holds what is still good, until the last of it expires; none left, no cookie. */
function keepLinks(request: FastifyRequest, reply: FastifyReply, cookie: string | undefined, kept: HeldLink[], checks: PreviewChecks) {
  const value = cookieValueOf(kept);
  if (value === (cookie ?? '')) return;
  if (!value) return clearCookie(request, reply, RELEASE_PREVIEW_COOKIE);
  const last = Math.max(...kept.map(({ link }) => checks.claims(link)?.exp ?? 0));
  const maxAge = Math.max(1, Math.floor(last - Date.now() / 1000));
  reply.header(
    'Set-Cookie',
    stringifySetCookie({ name: RELEASE_PREVIEW_COOKIE, value, path: '/', maxAge, httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' }),
  );
}
