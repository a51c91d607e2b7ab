import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { PAGE_TOKEN_TTL_SECONDS } from './pageToken';
import { TELEMETRY_REMOTES } from './telemetry';

/**
 * Page tokens (docs/releases.md, "What is trusted and why"): a render server signs one into every
 * page response, naming the release set the page was served with; the API counts a page's
 * telemetry only under a valid one. Node only: the render servers and the API share it, pages
 * never read what is inside.
 */

const release = z.string().regex(/^[\w.+-]{1,64}$/);
const remote = z.enum(TELEMETRY_REMOTES);

/** What a token says, in short keys: it travels in a response header of every page. */
const claimsSchema = z.strictObject({
  /** The release of each remote the page was served with. */
  r: z.partialRecord(remote, release),
  /** The remotes of `r` on the first set's build (remotes.json), not a registered release. */
  f: z.array(remote).max(TELEMETRY_REMOTES.length),
  /** The visitor's canary bucket, 0–99. */
  b: z.number().int().min(0).max(99),
  /** Issued and expires, in seconds since the epoch. */
  i: z.number().int().min(0),
  e: z.number().int().min(0),
  /** Unique per page served: how the API counts what one token added. */
  n: z.string().regex(/^[\w-]{16,32}$/),
});

export interface PageTokenClaims {
  releases: Partial<Record<string, string>>;
  firstSet: string[];
  bucket: number;
  issuedAt: number;
  expiresAt: number;
  nonce: string;
}

/** Why a token was not taken, as the API's metrics label it. */
export type PageTokenProblem = 'bad_token' | 'expired';

/** The signing key, derived from TELEMETRY_TOKEN for this one use, so the shared secret itself never signs anything a page holds. */
export function pageTokenKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'usedcars', 'page telemetry token v1', 32));
}

const signatureOf = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** A token for one page served now (seconds since the epoch), counting for PAGE_TOKEN_TTL_SECONDS. */
export function signPageToken(
  key: Buffer,
  page: { releases: Partial<Record<string, string>>; firstSet: string[]; bucket: number },
  nowSeconds: number,
  ttlSeconds = PAGE_TOKEN_TTL_SECONDS,
): string {
  const claims: z.infer<typeof claimsSchema> = {
    r: page.releases,
    f: page.firstSet,
    b: page.bucket,
    i: nowSeconds,
    e: nowSeconds + ttlSeconds,
    n: randomBytes(12).toString('base64url'),
  };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${signatureOf(key, payload)}`;
}

/** The token's claims when a render server signed it and it has not expired by `nowSeconds`; else why not. */
export function readPageToken(key: Buffer, token: string, nowSeconds: number): { claims: PageTokenClaims } | { problem: PageTokenProblem } {
  const parts = token.split('.');
  if (parts.length !== 2) return { problem: 'bad_token' };
  const [payload = '', signature = ''] = parts;
  const expected = Buffer.from(signatureOf(key, payload));
  const sent = Buffer.from(signature);
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) return { problem: 'bad_token' };
  let parsed: z.ZodSafeParseResult<z.infer<typeof claimsSchema>>;
  try {
    parsed = claimsSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    return { problem: 'bad_token' };
  }
  if (!parsed.success) return { problem: 'bad_token' };
  const { r, f, b, i, e, n } = parsed.data;
  if (e <= nowSeconds) return { problem: 'expired' };
  return { claims: { releases: r, firstSet: f, bucket: b, issuedAt: i, expiresAt: e, nonce: n } };
}
