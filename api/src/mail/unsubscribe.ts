import { createHmac, timingSafeEqual } from 'node:crypto';

/** The mails one unsubscribe link stops: alerts (saved searches and cars) or messages left unread. */
export type MailList = 'alerts' | 'messages';

/**
 * The token of a mail's unsubscribe link: the account id, the list, and an HMAC of both, so the
 * link works without signing in and nobody can make one for another account or list. It never
 * expires: a mail read a year later still unsubscribes. An alerts token has no list prefix (the
 * links mailed before message mails existed).
 */
export class UnsubscribeTokens {
  constructor(private readonly secret: string) {}

  private mac(userId: string, list: MailList): Buffer {
    return createHmac('sha256', this.secret)
      .update(list === 'alerts' ? `unsubscribe:${userId}` : `unsubscribe:${list}:${userId}`)
      .digest();
  }

  issue(userId: string, list: MailList = 'alerts'): string {
    const token = `${Buffer.from(userId).toString('base64url')}.${this.mac(userId, list).toString('base64url')}`;
    return list === 'alerts' ? token : `${list}.${token}`;
  }

  /** The account and list a token was issued for, or null for anything forged or mangled. */
  verify(token: string): { userId: string; list: MailList } | null {
    const parts = token.split('.');
    const [list, id, mac] = parts.length === 3 && parts[0] === 'messages' ? ['messages' as const, parts[1], parts[2]] : ['alerts' as const, parts[0], parts[1]];
    if (!id || !mac || parts.length > 3) return null;
    const userId = Buffer.from(id, 'base64url').toString();
    const given = Buffer.from(mac, 'base64url');
    const expected = this.mac(userId, list);
    return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, list } : null;
  }
}
