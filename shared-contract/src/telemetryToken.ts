import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { PAGE_TOKEN_TTL_SECONDS } from './pageToken';
import { TELEMETRY_REMOTES } from './telemetry';

// Node only: pages never check what is inside (docs/releases.md, "What is trusted and why").
const release = z.string().regex(/^[\w.+-]{1,64}$/);
const remote = z.enum(TELEMETRY_REMOTES);

/** Short keys: it travels in a response header of every page; PageTokenClaims names them. */
const claimsSchema = z.strictObject({
  r: z.partialRecord(remote, release),
  f: z.array(remote).max(TELEMETRY_REMOTES.length),
  b: z.number().int().min(0).max(99),
  i: z.number().int().min(0),
  e: z.number().int().min(0),
  n: z.string().regex(/^[\w-]{16,32}$/),
});

export interface PageTokenClaims {
  releases: Partial<Record<string, string>>;
  baselineSet: string[];
  bucket: number;
  issuedAt: number;
  expiresAt: number;
  nonce: string;
}

export type PageTokenProblem = 'bad_token' | 'expired';

/** Derived for this one use: the shared secret itself never signs anything a page holds. */
export function pageTokenKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'usedcars', 'page telemetry token v1', 32));
}

const signatureOf = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export function signPageToken(
  key: Buffer,
  page: { releases: Partial<Record<string, string>>; baselineSet: string[]; bucket: number },
  nowSeconds: number,
  ttlSeconds = PAGE_TOKEN_TTL_SECONDS,
): string {
  const claims: z.infer<typeof claimsSchema> = {
    r: page.releases,
    f: page.baselineSet,
    b: page.bucket,
    i: nowSeconds,
    e: nowSeconds + ttlSeconds,
    n: randomBytes(12).toString('base64url'),
  };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${signatureOf(key, payload)}`;
}

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
  return { claims: { releases: r, baselineSet: f, bucket: b, issuedAt: i, expiresAt: e, nonce: n } };
}
