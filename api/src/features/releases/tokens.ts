import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DeployToken } from '@usedcars/shared-contract';
import type { Db } from '../../db/client';
import { type DeployTokenRow, deployTokens } from '../../db/schema';
import { notFound } from '../../http/errors';

/** Deploy tokens start with this, so a caller's bearer is told apart from an access token without a lookup. */
export const DEPLOY_TOKEN_PREFIX = 'ucd_';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const toDeployToken = (row: DeployTokenRow): DeployToken => ({
  id: row.id,
  name: row.name,
  remote: row.remote,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** A team's deploy tokens: each releases one remote; only the hash is stored, so the token is shown once. */
export class DeployTokens {
  constructor(private readonly db: Db) {}

  async create(name: string, remote: string, createdBy: string): Promise<DeployToken & { token: string }> {
    const token = `${DEPLOY_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const [row] = await this.db
      .insert(deployTokens)
      .values({ name, remote, createdBy, tokenHash: hashOf(token) })
      .returning();
    return { ...toDeployToken(row!), token };
  }

  async list(): Promise<DeployToken[]> {
    return (await this.db.select().from(deployTokens).orderBy(desc(deployTokens.createdAt))).map(toDeployToken);
  }

  async revoke(id: string): Promise<DeployToken> {
    const [row] = await this.db
      .update(deployTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(deployTokens.id, id), isNull(deployTokens.revokedAt)))
      .returning();
    if (row) return toDeployToken(row);
    const [revoked] = await this.db.select().from(deployTokens).where(eq(deployTokens.id, id)).limit(1);
    if (!revoked) throw notFound(`No deploy token ${id}`);
    return toDeployToken(revoked);
  }

  /** The token's row while it is not revoked. */
  async resolve(token: string): Promise<DeployTokenRow | undefined> {
    const [row] = await this.db
      .select()
      .from(deployTokens)
      .where(and(eq(deployTokens.tokenHash, hashOf(token)), isNull(deployTokens.revokedAt)))
      .limit(1);
    return row;
  }
}

interface PinClaims {
  remote: string;
  version: string;
  /** Seconds since the epoch. */
  exp: number;
}

/**
 * Pins: an admin's browser asks for one registered release (docs/releases.md, "Pin"). The pin names
 * only a remote and a version, signed by the API; the render server has it checked by the API,
 * which looks the address up in the registry, so a pin can never bring in an address of its own.
 */
export class PinSigner {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash('sha256').update(`release-pin:${secret}`).digest();
  }

  sign(claims: PinClaims): string {
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The claims of a well-signed pin that has not expired, else null. */
  verify(pin: string, nowSeconds = Date.now() / 1000): PinClaims | null {
    const [body, mac, extra] = pin.split('.');
    if (!body || !mac || extra !== undefined) return null;
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
