import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export interface PinClaims {
  remote: string;
  version: string;
  /** Seconds since the epoch. */
  exp: number;
}

/** Longer than any pin the API makes: refused unread. */
const MAX_PIN_LENGTH = 600;
/** Refused before the HMAC is computed. */
const SIGNATURE = /^[\w-]{43}$/;

/** Render servers check a pin without asking anyone (docs/releases.md, "Pin: an admin tries a release first"). */
export class PinSigner {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash('sha256').update(`release-pin:${secret}`).digest();
  }

  sign(claims: PinClaims): string {
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  verify(pin: string, nowSeconds = Date.now() / 1000): PinClaims | null {
    if (pin.length > MAX_PIN_LENGTH) return null;
    const [body, mac, extra] = pin.split('.');
    if (!body || !mac || extra !== undefined || !SIGNATURE.test(mac)) return null;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as PinClaims;
      if (typeof claims.remote !== 'string' || typeof claims.version !== 'string' || typeof claims.exp !== 'number') return null;
      return claims.exp > nowSeconds ? claims : null;
    } catch {
      return null;
    }
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
