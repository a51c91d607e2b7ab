import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of a mail's unsubscribe link: the account id and an HMAC of it, so the link works
 * without signing in and nobody can make one for another account. It never expires: a mail
 * read a year later still unsubscribes.
 */
export class UnsubscribeTokens {
  constructor(private readonly secret: string) {}

  private mac(userId: string): Buffer {
    return createHmac('sha256', this.secret).update(`unsubscribe:${userId}`).digest();
  }

  issue(userId: string): string {
    return `${Buffer.from(userId).toString('base64url')}.${this.mac(userId).toString('base64url')}`;
  }

  /** The account a token was issued for, or null for anything forged or mangled. */
  verify(token: string): string | null {
    const [id, mac] = token.split('.');
    if (!id || !mac) return null;
    const userId = Buffer.from(id, 'base64url').toString();
    const given = Buffer.from(mac, 'base64url');
    const expected = this.mac(userId);
    return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
  }
}
