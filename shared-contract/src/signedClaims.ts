import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Refused before the HMAC is computed. */
const SIGNATURE = /^[\w-]{43}$/;

/**
 * Claims signed with a key derived from a secret the API and the render servers share, for one use
 * (`purpose`): a render server checks them without asking anyone, and only a holder of the secret
 * makes them. Node only.
 */
export class ClaimsSigner<Claims extends { exp: number }> {
  private readonly key: Buffer;

  constructor(
    purpose: string,
    secret: string,
    /** Whether parsed JSON has the claims' shape. */
    private readonly isClaims: (value: unknown) => value is Claims,
    /** Longer than anything this signer makes: refused unread. */
    private readonly maxLength = 600,
  ) {
    this.key = createHash('sha256').update(`${purpose}:${secret}`).digest();
  }

  sign(claims: Claims): string {
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The claims of a well-signed, unexpired text; null for anything else. */
  verify(signed: string, nowSeconds = Date.now() / 1000): Claims | null {
    if (signed.length > this.maxLength) return null;
    const [body, mac, extra] = signed.split('.');
    if (!body || !mac || extra !== undefined || !SIGNATURE.test(mac)) return null;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const claims: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      return this.isClaims(claims) && claims.exp > nowSeconds ? claims : null;
    } catch {
      return null;
    }
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}

/** A plain object whose named fields are strings and whose `exp` is a number. */
export function hasClaims(value: unknown, strings: readonly string[]): value is Record<string, unknown> & { exp: number } {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.exp === 'number' && strings.every((name) => typeof record[name] === 'string');
}
